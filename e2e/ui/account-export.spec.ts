import { readFileSync } from 'node:fs';
import { expect, signIn, test } from '../fixtures/test';

test('export the account from settings: step-up, progress, then the zip downloads', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Export your data' });

  await section.getByLabel('Your password').fill('wrong-password');
  await section.getByRole('button', { name: 'Export account' }).click();
  await expect(section.locator('.alert')).toContainText('current password is not correct');

  await section.getByLabel('Your password').fill(user.password);
  await section.getByRole('button', { name: 'Export account' }).click();
  await expect(section.getByTestId('job-progress')).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 });

  const [download] = await Promise.all([page.waitForEvent('download'), section.getByTestId('export-download').click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^stride-export-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.includes(Buffer.from('stride.json'))).toBe(true);
});
