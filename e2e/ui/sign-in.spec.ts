import { expect, signIn, test } from '../fixtures/test';

test('a wrong password shows the problem detail; the right one signs in', async ({ page, user }) => {
  await page.goto('/activities');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Factivities/);
  await page.getByLabel('Username or e-mail').fill(user.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('.alert')).toContainText(/incorrect username or password/i);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/activities$/);
  await expect(page.getByRole('heading', { name: 'Activities', exact: true })).toBeVisible();
});

test('spec web flow: tokens in memory, refresh cookie only; a reload keeps you signed in', async ({ page, context, user }) => {
  await signIn(page, user);
  const cookies = await context.cookies();
  const refresh = cookies.find((c) => c.name === 'service_refresh_token');
  expect(refresh?.httpOnly).toBe(true);
  expect(refresh?.sameSite).toBe('Strict');
  // nothing of the session is kept where scripts could read it across reloads
  expect(await page.evaluate(() => Object.keys(localStorage).length + Object.keys(sessionStorage).length)).toBe(0);

  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/refresh') && r.request().method() === 'POST');
  await page.reload();
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Activities', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByLabel('Name')).toHaveValue(/E2E/);
});

test('sign out ends the session; a reload stays signed out', async ({ page, user }) => {
  await signIn(page, user);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings/);
});

test('a next value with a tab cannot send a signed-in user off-site', async ({ page, user, baseURL }) => {
  await signIn(page, user);
  await page.goto('/sign-in?next=/%09/evil.example');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  await page.goto('/sign-in?next=/.//evil.example');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/sign-in?next=%2Fsettings%3Ftab%3Dgear');
  await expect(page).toHaveURL(/\/settings\?tab=gear$/);
});
