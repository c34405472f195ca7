import { E2E_BASE_URL } from '../fixtures/server-config';
import { expect, signIn, test } from '../fixtures/test';

const uploadWithKey = (key: string) => {
  const form = new FormData();
  form.append('file', new Blob(['<gpx/>']), 'tiny.gpx');
  return fetch(`${E2E_BASE_URL}/api/v1/activities/create/upload`, { method: 'POST', headers: { 'X-API-Key': key }, body: form });
};

test('create an API key with step-up, see it once, revoke it and delete it', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/settings/security');

  await page.getByLabel('Name', { exact: true }).fill('Watch sync');
  await page.getByLabel('Your password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.locator('.alert')).toContainText('current password is not correct');

  await page.getByLabel('Your password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-api-key').textContent())!.trim();
  expect(key).toMatch(/^service_[A-Za-z0-9_-]{43}$/);
  // the key authenticates the upload (the tiny file itself is refused as unreadable: 400, not 401)
  expect((await uploadWithKey(key)).status).toBe(400);

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('new-api-key')).toHaveCount(0);
  const row = page.getByTestId('api-key-Watch sync');
  await expect(row).toContainText('Active');
  await expect(row).toContainText(key.slice('service_'.length, 'service_'.length + 8));

  await row.getByRole('button', { name: 'Revoke Watch sync' }).click();
  await expect(row).toContainText('Revoked');
  expect((await uploadWithKey(key)).status).toBe(401);

  await row.getByRole('button', { name: 'Delete Watch sync' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the key “Watch sync”?' });
  // Cancel is focused first: Enter on a destructive question does nothing harmful
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete key' }).click();
  await expect(page.getByTestId('api-key-Watch sync')).toHaveCount(0);
  await expect(page.getByText('No API keys yet.')).toBeVisible();
});

test('sessions: the current one is marked, the others can be ended', async ({ page, user, browser }) => {
  const other = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.200.0.9' } });
  await signIn(await other.newPage(), user);
  await signIn(page, user);
  await page.goto('/settings/security');
  await expect(page.getByTestId('session')).toHaveCount(2);
  await expect(page.getByText('This session')).toHaveCount(1);
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await expect(page.getByTestId('session')).toHaveCount(1);
  await other.close();
});
