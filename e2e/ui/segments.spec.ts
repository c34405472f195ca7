import { corpusFile } from '../fixtures/corpus';
import { dropFiles } from '../fixtures/drop-files';
import { expect, signIn, test } from '../fixtures/test';

// CONTRACT: Explorer, goals, gear components, segments (issue 53): one flow end to end: upload a
// run, zoom its charts to a stretch and make it a segment; the segment page shows its map and the
// run's pass on the leaderboard (matched by the history job) with a PR badge; the segments page
// lists it on its map and table; the activity page lists its segment effort with the badge, and a
// second segment is made from a stretch typed in (the keyboard's way).
test('CONTRACT: Explorer, goals, gear components, segments: a stretch of a run becomes a segment with its leaderboard, listed, and shown on the activity', async ({
  page,
  user,
}) => {
  await signIn(page, user);
  await dropFiles(page.getByTestId('dropzone'), [corpusFile('gpx/strava_export_run_hr_cad_temp.gpx')]);
  await expect(page.locator('[data-testid=upload-item][data-state=done]')).toHaveCount(1, { timeout: 60_000 });
  await page.locator('[data-testid=upload-item] a').first().click();
  await expect(page.getByTestId('charts')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });

  // zoom the charts to a quarter of the run: that stretch becomes the segment
  const card = page.getByTestId('segment-efforts');
  await expect(card.getByRole('button', { name: 'Make a segment of this stretch' })).toBeDisabled();
  await page.getByRole('button', { name: 'Zoom the charts in' }).click();
  await page.getByRole('button', { name: 'Zoom the charts in' }).click();
  await expect(card).toContainText('The charts show a stretch of');
  await card.getByLabel('Segment name').fill('Riverside quarter');
  await card.getByRole('button', { name: 'Make a segment of this stretch' }).click();

  await expect(page.getByRole('heading', { name: 'Riverside quarter' })).toBeVisible();
  await expect(page.getByTestId('route-map')).toBeVisible();
  const board = page.getByTestId('segment-leaderboard');
  await expect(board.getByRole('row')).toHaveCount(2, { timeout: 30_000 });
  await expect(board.getByRole('row').nth(1).getByLabel('Personal record')).toHaveText('PR');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Segments' }).click();
  await expect(page.getByTestId('segments').getByRole('row', { name: /Riverside quarter/ })).toContainText('1');
  // the segments' map beside the list
  await expect(page.getByRole('region', { name: 'Map of your segments' })).toHaveAttribute('data-state', 'ready');

  // back on the activity: its pass over the segment, with the badge
  await page.getByRole('link', { name: 'Riverside quarter' }).click();
  await page.getByTestId('segment-leaderboard').getByRole('row').nth(1).getByRole('link').click();
  const efforts = page.getByTestId('segment-efforts');
  await expect(efforts.getByRole('row', { name: /Riverside quarter/ }).getByLabel('Personal record')).toHaveText('PR');

  // the keyboard's way to a stretch: its start and end typed in
  await efforts.getByLabel('From (km)').fill('0.1');
  await efforts.getByLabel('To (km)').fill('0.5');
  await expect(efforts).toContainText('The charts show a stretch of');
  await efforts.getByLabel('Segment name').fill('Typed stretch');
  await efforts.getByRole('button', { name: 'Make a segment of this stretch' }).click();
  await expect(page.getByRole('heading', { name: 'Typed stretch' })).toBeVisible();
  await expect(page.getByTestId('segment-leaderboard').getByRole('row')).toHaveCount(2, { timeout: 30_000 });
});
