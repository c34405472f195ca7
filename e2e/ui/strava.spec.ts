import { expect, signIn, test } from '../fixtures/test';

// CONTRACT: Strava: connect through Strava's consent page (the double approves), the callback
// lands on /settings?strava=linked, a date range is synced by a job whose progress the page
// follows to the end, and the sync is found again after leaving the page.
test('Strava: connect, sync a date range with live progress, find the sync again, disconnect', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Strava' });
  await section.getByRole('button', { name: 'Connect Strava' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(section.getByRole('status')).toHaveText('Strava is connected.');
  await expect(section.getByText(/Connected · athlete 4242/)).toBeVisible();

  await section.getByLabel('From', { exact: true }).fill('2024-01-01');
  await section.getByLabel('To', { exact: true }).fill('2024-01-31');
  await section.getByRole('button', { name: 'Sync activities' }).click();
  const progress = section.getByTestId('job-progress');
  await expect(progress).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 });
  await expect(progress).toContainText('5 of 5');
  await expect(progress.getByTestId('job-created')).toHaveText('5');
  await expect(progress.getByTestId('job-skipped')).toHaveText('0');
  await expect(progress.getByTestId('job-failed')).toHaveText('0');

  await page.goto('/activities');
  await page.goto('/settings');
  await expect(section.getByTestId('job-created')).toHaveText('5');

  await section.getByRole('button', { name: 'Disconnect' }).click();
  await expect(section.getByRole('button', { name: 'Connect Strava' })).toBeVisible();
});
