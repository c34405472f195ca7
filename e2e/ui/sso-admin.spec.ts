import { expect, signIn, test } from '../fixtures/test';
import { Rest } from '../fixtures/rest';
import { ADMIN, E2E_IDP_SLUG } from '../fixtures/server-config';

// CONTRACT: Single sign-on: the admin adds an identity provider (oidc-provider on loopback, started by the global
// set-up) and a user through the admin pages; people sign in on the IdP's own login page from
// the sign-in button; regular users never see or reach the admin area.
test.describe.configure({ mode: 'serial' });

test('admin adds an identity provider by discovery and a user', async ({ page }) => {
  await signIn(page, { username: ADMIN.username, password: ADMIN.password });
  await page.getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);

  const username = `added-${Date.now().toString(36)}`;
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Name', { exact: true }).fill('Added By Admin');
  await page.getByLabel('Initial password').fill('added-password-1');
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByRole('status')).toContainText(`Added ${username}`);
  const userRow = page.getByTestId('user-row').filter({ hasText: username });
  await expect(userRow).toBeVisible();
  // Unlock is offered on a locked account only (issue 50): five wrong passwords lock it
  const unlock = userRow.getByRole('button', { name: `Unlock sign-in of ${username}` });
  await expect(unlock).toHaveCount(0);
  for (let i = 0; i < 5; i++) await expect(Rest.signIn(username, 'wrong-password-1')).rejects.toThrow(/ (401|429) /);
  await page.reload();
  await expect(userRow.getByTestId('locked-badge')).toContainText('Locked until');
  await unlock.click();
  await expect(page.getByRole('status').filter({ hasText: 'The sign-in lock was lifted.' })).toBeVisible();
  await expect(unlock).toHaveCount(0);
  await expect(userRow.getByTestId('locked-badge')).toHaveCount(0);

  await page.getByRole('link', { name: 'Identity providers' }).click();
  await page.getByLabel('Name shown on the sign-in page').fill('Loopback IdP');
  await page.getByLabel('Slug').fill(E2E_IDP_SLUG);
  await expect(page.locator('#idp-redirect-uri')).toContainText(`/api/v1/public/idp/callback/${E2E_IDP_SLUG}`);
  await page.getByLabel('Issuer URL (OpenID Connect discovery)').fill(process.env.E2E_IDP_ISSUER!);
  await page.getByLabel('Client ID').fill(process.env.E2E_IDP_CLIENT_ID!);
  await page.getByLabel('Client secret').fill(process.env.E2E_IDP_CLIENT_SECRET!);
  await page.getByRole('button', { name: 'Add provider' }).click();
  const row = page.getByTestId('idp-row').filter({ hasText: 'Loopback IdP' });
  await expect(row).toContainText('Enabled');
  await expect(row).toContainText('(secret set)');
  await expect(page.locator('body')).not.toContainText(process.env.E2E_IDP_CLIENT_SECRET!);

  // the user added above signs in with the password the admin chose
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await signIn(page, { username, password: 'added-password-1' });
});

test('sign in through the IdP’s own login page from the sign-in button', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Continue with Loopback IdP' }).click();
  // oidc-provider's own pages: login, then consent
  await page.locator('input[name="login"]').fill('sso-runner');
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  // the dashboard is the signed-in home, also after single sign-on
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  expect(page.url()).not.toMatch(/token/i);

  await page.goto('/settings/security');
  await expect(page.getByTestId('linked-provider')).toContainText('Loopback IdP');
  await page.goto('/settings');
  await expect(page.getByLabel('Name')).toHaveValue('Person sso-runner');
});

test('a refused SSO sign-in ends on the sign-in page with a readable message', async ({ page }) => {
  await page.goto('/api/v1/public/idp/callback/e2e-idp?code=x&state=forged');
  await expect(page).toHaveURL(/\/sign-in\?sso=error&reason=state_invalid/);
  await expect(page.getByTestId('sso-error')).toContainText(/expired or was already used/);
});

// CONTRACT: Beyond the spec … Integrations: Strava push, managed from the admin area as with
// `npm run strava-push`: the Strava double validates the callback against the running server.
test('admin creates and deletes the Strava push subscription', async ({ page }) => {
  await signIn(page, { username: ADMIN.username, password: ADMIN.password });
  await page.goto('/admin/strava-push');
  const section = page.getByTestId('strava-push');
  await expect(section.getByText('No push subscription.')).toBeVisible();
  await section.getByRole('button', { name: 'Create subscription' }).click();
  const row = section.getByTestId('strava-push-subscription');
  await expect(row).toContainText('/api/v1/strava/webhook');
  await row.getByRole('button', { name: /Delete subscription/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete subscription' }).click();
  await expect(section.getByText('No push subscription.')).toBeVisible();
});

test('a regular user sees no admin link and the admin pages refuse', async ({ page, user }) => {
  await signIn(page, user);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  for (const path of ['/admin/users', '/admin/identity-providers', '/admin/strava-push']) {
    await page.goto(path);
    await expect(page.getByTestId('admin-forbidden')).toBeVisible();
    await expect(page.getByTestId('user-row')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Add an identity provider' })).toHaveCount(0);
  }
});
