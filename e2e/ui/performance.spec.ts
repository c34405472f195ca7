import { syntheticGpx } from '../fixtures/gpx';
import { expect, signIn, test } from '../fixtures/test';

const POINTS = 30_000;

test(`time to interactive of an activity page with ${POINTS.toLocaleString('en')} points`, async ({ page, user }) => {
  await signIn(page, user);
  // uploaded through the page, like a user would
  const gpx = syntheticGpx(POINTS);
  await page.getByLabel('Activity files to upload').setInputFiles({ name: 'long-run.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpx) });
  const done = page.locator('[data-testid=upload-item][data-state=done]');
  await expect(done).toHaveCount(1, { timeout: 60_000 });
  const href = (await done.getByRole('link').getAttribute('href'))!;

  const runs: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = Date.now();
    await page.goto(href); // a full load: silent refresh, activity, streams, map, charts
    await expect(page.getByTestId('route-map')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
    await expect(page.getByTestId('charts')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    const timeAxis = page.getByRole('radio', { name: 'Time' });
    await timeAxis.check();
    await expect(timeAxis).toBeChecked();
    const elapsed = Date.now() - started;
    const browser = await page.evaluate(() => Math.round(performance.now()));
    runs.push(elapsed);
    console.log(`[perf] ${POINTS} points, run ${run + 1}: interactive after ${elapsed} ms (browser clock since navigation start: ${browser} ms)`);
  }
  const best = Math.min(...runs);
  const median = [...runs].sort((a, b) => a - b)[1]!;
  console.log(`[perf] ${POINTS} points: time to interactive best ${best} ms, median ${median} ms (goal ≤ 1000 ms)`);
  // a generous bound only: the figure above is the measurement
  expect(median).toBeLessThan(5_000);
});
