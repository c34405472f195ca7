import { generate } from 'otplib';
import { expect, signIn, test } from '../fixtures/test';

// A TOTP time step is accepted once; the next sign-in uses the following step (30 s of drift is allowed).
const codeFor =
  (secret: string, offsetSeconds = 0) =>
  () =>
    generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

test('enable MFA with the QR setup, keep the backup codes, sign in again with a TOTP and with a backup code', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/settings/security');
  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await page.getByText('Can’t scan? Enter the key by hand').click();
  const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(await codeFor(secret)());
  await page.getByRole('button', { name: 'Turn on' }).click();

  const codes = page.getByTestId('backup-codes').locator('code');
  await expect(codes).toHaveCount(10);
  const backupCodes = await codes.allTextContents();
  expect(backupCodes[0]).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 of 10 backup codes unused.')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, user, codeFor(secret, 30));
  await expect(page.getByRole('heading', { name: 'Activities', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await signIn(page, user, async () => backupCodes[3]!);
  await page.goto('/settings/security');
  await expect(page.getByText('9 of 10 backup codes unused.')).toBeVisible();
});

test('a wrong MFA code shows the service’s detail with the attempt count', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/settings/security');
  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  await page.getByText('Can’t scan? Enter the key by hand').click();
  const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(await codeFor(secret)());
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();

  await page.goto('/sign-in');
  await page.getByLabel('Username or e-mail').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authentication or backup code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('.alert')).toContainText(/attempt/i);
});
