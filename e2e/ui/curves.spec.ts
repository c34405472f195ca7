import { corpusFile } from '../fixtures/corpus';
import { Rest } from '../fixtures/rest';
import { expect, signIn, test } from '../fixtures/test';

// Suggested thresholds (issue 52), Curves, Grade-adjusted pace (issue 52): a corpus
// ride whose 20 minutes beat the FTP in effect is offered as a new threshold on the Curves page;
// accepting it writes the dated entry; a hilly run's page shows its grade-adjusted pace.
test('Suggested thresholds (issue 52): an uploaded ride beating the FTP in effect is offered on the Curves page and accepted; a run shows its GAP', async ({
  page,
  user,
}) => {
  const rest = await Rest.signIn(user.username, user.password);
  // an FTP any ride with 20 minutes above 110 W beats by more than 3 % (95 % of its 20 minutes)
  expect((await rest.json('POST', '/profile/thresholds', { effective_from: '2000-01-01', ftp: 100 })).status).toBe(201);
  const ride = await rest.upload('ride.tcx', corpusFile('tcx/garmin_edge705_ride_power_large.tcx').buffer);
  expect(ride.status).toBe(201);
  const run = await rest.upload('run.tcx', corpusFile('tcx/garmin_fr305_run_23laps.tcx').buffer);
  expect(run.status).toBe(201);

  await signIn(page, user);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Curves' }).click();
  await expect(page.getByRole('heading', { name: 'Curves', exact: true })).toBeVisible();
  const banner = page.getByTestId('threshold-suggestion');
  await expect(banner).toHaveCount(1);
  await expect(banner).toContainText(/FTP \d+ W/);
  const suggested = Number(/FTP (\d+) W/.exec((await banner.textContent()) ?? '')![1]);
  expect(suggested).toBeGreaterThan(103);
  await expect(page.getByTestId('curves-table')).toContainText('Power curve');
  await expect(page.getByTestId('model-ride')).toContainText('Critical power');

  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toHaveCount(0);
  const entries = await rest.json<{ effective_from: string; ftp: number | null }[]>('GET', '/profile/thresholds');
  expect(entries.body.map((e) => e.ftp)).toEqual([100, suggested]);

  await page.goto(`/activities/${run.body[0]!.id}`);
  const gap = page.getByTestId('activity-gap');
  await expect(gap).toContainText('Average GAP');
  await expect(gap.getByTestId('gap-splits').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('chart-gap')).toBeVisible();
});
