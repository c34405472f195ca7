import { corpusFile } from '../fixtures/corpus';
import { Rest } from '../fixtures/rest';
import { expect, signIn, test } from '../fixtures/test';

/** A straight run of `seconds` at 1 s, slowing from 4.0 to 3.4 m/s (so the pace curve has a critical speed), over rolling hills. */
function fadingRunGpx(start: Date, seconds: number): string {
  const points: string[] = [];
  for (let t = 0; t <= seconds; t++) {
    const metres = 4 * t - (0.6 * t * t) / (2 * seconds);
    const time = new Date(start.getTime() + t * 1000).toISOString();
    const ele = 200 + 15 * Math.sin(metres / 400);
    points.push(
      `<trkpt lat="${(47 + metres / 111_195).toFixed(7)}" lon="8.5"><ele>${ele.toFixed(1)}</ele><time>${time}</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>${150 + Math.round(t / 60)}</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="stride-e2e" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
<trk><name>Fading run</name><type>running</type><trkseg>
${points.join('\n')}
</trkseg></trk></gpx>`;
}

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
  // the page's parts load one by one: on a loaded machine the GAP card may come after 10 s
  await expect(gap).toContainText('Average GAP', { timeout: 30_000 });
  await expect(gap.getByTestId('gap-splits').locator('tbody tr').first()).toBeVisible();
  // GAP is a second, dashed line on the pace chart, named in its legend and in the chart's label
  const pace = page.getByTestId('chart-pace');
  await expect(pace).toHaveAttribute('data-lines', 'pace gap');
  await expect(page.getByRole('img', { name: /^Pace and Grade-adjusted pace chart/ })).toBeVisible();
  const legend = page.getByTestId('legend-pace');
  await expect(legend.getByRole('listitem')).toHaveText(['Pace', 'Grade-adjusted pace']);
  await expect(page.getByTestId('chart-gap')).toHaveCount(0);
});

test('Curves (issue 52): this season and the last as two lines of one chart with a legend, beside the table; the run model in a plain sentence', async ({
  page,
  user,
}) => {
  const rest = await Rest.signIn(user.username, user.password);
  const year = new Date().getUTCFullYear();
  // this season: a few hours ago (after 1 January unless the test runs on New Year's night); last season: June
  for (const start of [new Date(Date.now() - 4 * 3600_000), new Date(`${year - 1}-06-01T07:00:00Z`)]) {
    expect((await rest.upload(`fading-${start.getTime()}.gpx`, fadingRunGpx(start, 1500))).status).toBe(201);
  }
  await signIn(page, user);
  await page.goto('/curves');
  await page.getByRole('combobox', { name: 'Curve' }).selectOption({ label: 'Pace curve' });
  await expect(page.getByRole('combobox', { name: 'Sport' })).toHaveValue('run');
  const chart = page.getByRole('img', { name: `Pace curve: This season (${year}) and Last season (${year - 1})` });
  await expect(chart).toBeVisible({ timeout: 30_000 });
  // both seasons drawn: 400 m to 5 km, each season its own line
  await expect(chart).toHaveAttribute('data-series', /^[1-9]\d* [1-9]\d*$/);
  await expect(page.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveText([`This season (${year})`, `Last season (${year - 1})`]);
  await expect(page.getByTestId('curves-table').getByRole('row', { name: /^5 km/ }).getByRole('link')).toHaveCount(2);
  await expect(page.getByTestId('model-run-plain')).toContainText(/^In plain terms: you can hold about \d+:\d\d \/km for a long effort, and run \d+ m ahead/);
});
