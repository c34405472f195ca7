import { corpusFile } from '../fixtures/corpus';
import { dropFiles } from '../fixtures/drop-files';
import { expect, signIn, test } from '../fixtures/test';

// CONTRACT: Beyond the spec … Best efforts and records: sign in, upload, see the dashboard and the activity's PR badge, open the records.
test('CONTRACT: … Best efforts and records: an uploaded run shows on the dashboard, its best efforts carry PR badges, and the records list them', async ({
  page,
  user,
}) => {
  await signIn(page, user);
  await dropFiles(page.getByTestId('dropzone'), [corpusFile('tcx/garmin_fr305_run_23laps.tcx')]);
  await expect(page.locator('[data-testid=upload-item][data-state=done]')).toHaveCount(1, { timeout: 60_000 });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'All time' })).toContainText('1 activity');
  await expect(page.getByTestId('week-bars')).toBeVisible();
  await expect(page.getByTestId('month-calendar')).toBeVisible();
  // one record per activity, its most notable: the longest distance this run was the best at
  const recent = page.getByTestId('recent-records');
  await expect(recent.getByRole('listitem')).toHaveCount(1);
  await expect(recent.getByRole('listitem').first()).toContainText('Half marathon');

  // the record links to its activity, whose best efforts are all personal records (the only run)
  await recent.getByRole('listitem').first().getByRole('link').click();
  const efforts = page.getByTestId('best-efforts');
  await expect(efforts.getByRole('row', { name: /^1 km / })).toBeVisible();
  await expect(efforts.getByRole('row', { name: /^1 km / }).getByLabel('Personal record')).toHaveText('PR');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Records' }).click();
  await expect(page.getByRole('heading', { name: 'Records', exact: true })).toBeVisible();
  const records = page.getByTestId('records-best-efforts');
  await expect(records.getByRole('row', { name: /^5 km / })).toBeVisible();
  await expect(page.getByTestId('records-longest')).toContainText('Longest distance');
});
