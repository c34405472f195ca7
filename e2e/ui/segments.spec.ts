import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { corpusFile } from '../fixtures/corpus';
import { dropFiles } from '../fixtures/drop-files';
import { expectNoSidewaysScroll, signedInAs, text } from '../fixtures/languages';
import { Rest, type TestUser } from '../fixtures/rest';
import { OUTPUT_DIR } from '../fixtures/server-config';
import { expect, signIn, test } from '../fixtures/test';

const RUN = 'gpx/strava_export_run_hr_cad_temp.gpx';

/** Signs in, drops the run on the dashboard and opens it once its charts are drawn. */
async function uploadAndOpen(page: Page, user: TestUser): Promise<void> {
  await signIn(page, user);
  await dropFiles(page.getByTestId('dropzone'), [corpusFile(RUN)]);
  await expect(page.locator('[data-testid=upload-item][data-state=done]')).toHaveCount(1, { timeout: 60_000 });
  await page.locator('[data-testid=upload-item] a').first().click();
  await expect(page.getByTestId('charts')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
}

/** Two clicks on the activity's map, at fractions of its width: each snaps to the nearest sample of the track. */
async function pickOnMap(page: Page, lang: string, at: [number, number]): Promise<Locator> {
  const map = page.getByTestId('route-map');
  await expect(map).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  const bar = page.getByTestId('map-stretch');
  await bar.getByRole('button', { name: text(lang, 'segments.pickOnMap') }).click();
  await expect(bar).toContainText(text(lang, 'segments.pickStart'));
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width * at[0], y: box.height / 2 } });
  await expect(bar).toContainText(text(lang, 'segments.pickEnd'));
  await map.click({ position: { x: box.width * at[1], y: box.height / 2 } });
  await expect(map).toHaveAttribute('data-stretch', /^\d+-\d+$/);
  await expect(bar).toContainText(text(lang, 'segments.stretch').replace(' {distance}.', ''));
  return bar;
}

/** The lowest and highest altitude the profile's summary says (metres, the default units). */
async function profileExtremes(page: Page): Promise<[number, number]> {
  const summary = page.getByTestId('segment-profile').getByTestId('profile-summary');
  await expect(summary).toBeVisible({ timeout: 30_000 });
  const numbers = ((await summary.textContent()) ?? '').match(/-?\d+(?:[.,]\d+)?(?= m)/g) ?? [];
  expect(numbers, 'the summary names the lowest and highest point in metres').toHaveLength(2);
  return numbers.map((n) => Number(n.replace(',', '.'))) as [number, number];
}

/** The run's recorded elevations (the GPX's <ele>): the profile's extremes lie within them. */
function recordedElevations(): [number, number] {
  const values = [
    ...corpusFile(RUN)
      .buffer.toString('utf8')
      .matchAll(/<ele>([^<]+)<\/ele>/g),
  ].map((m) => Number(m[1]));
  return [Math.min(...values), Math.max(...values)];
}

// CONTRACT: Explorer, goals, gear components, segments (issue 53): one flow end to end: upload a
// run, zoom its charts to a stretch and make it a segment; the segment page shows its map and the
// run's pass on the leaderboard (matched by the history job) with a PR badge; the segments page
// lists it on its map and table; the activity page lists its segment effort with the badge, and a
// second segment is made from a stretch typed in (the keyboard's way).
test('CONTRACT: Explorer, goals, gear components, segments: a stretch of a run becomes a segment with its leaderboard, listed, and shown on the activity', async ({
  page,
  user,
}) => {
  await uploadAndOpen(page, user);

  // zoom the charts to a quarter of the run: that stretch becomes the segment
  const card = page.getByTestId('segment-efforts');
  await expect(card.getByRole('button', { name: 'Make a segment of this stretch' })).toBeDisabled();
  await page.getByRole('button', { name: 'Zoom the charts in' }).click();
  await page.getByRole('button', { name: 'Zoom the charts in' }).click();
  await expect(card).toContainText('Chosen stretch:');
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
  await expect(efforts).toContainText('Chosen stretch:');
  await efforts.getByLabel('Segment name').fill('Typed stretch');
  await efforts.getByRole('button', { name: 'Make a segment of this stretch' }).click();
  await expect(page.getByRole('heading', { name: 'Typed stretch' })).toBeVisible();
  await expect(page.getByTestId('segment-leaderboard').getByRole('row')).toHaveCount(2, { timeout: 30_000 });
});

// CONTRACT: Explorer, goals, gear components, segments: the mouse's way to a stretch is two clicks
// on the activity's map (each snapped to the nearest sample); the stretch is highlighted with its
// length, fills the From/To fields, and "Name it" leads to the one segment form. The segment's page
// then shows its elevation profile, whose lowest and highest point are the run's recorded ones.
test('CONTRACT: Explorer, goals, gear components, segments: two clicks on the map make a segment, whose page shows its elevation profile', async ({
  page,
  user,
}) => {
  await uploadAndOpen(page, user);

  const bar = await pickOnMap(page, 'en', [0.25, 0.75]);
  await page.getByTestId('route-map').screenshot({ path: path.join(OUTPUT_DIR, 'screenshots', 'segment-map-stretch-desktop.png') });
  const card = page.getByTestId('segment-efforts');
  await expect(card).toContainText('Chosen stretch:');
  // the same stretch in the keyboard's fields
  const [from, to] = [Number(await card.getByLabel('From (km)').inputValue()), Number(await card.getByLabel('To (km)').inputValue())];
  expect(to).toBeGreaterThan(from + 0.05);
  await bar.getByRole('button', { name: 'Name it' }).click();
  await expect(card.getByLabel('Segment name')).toBeFocused();
  await page.keyboard.type('Map stretch');
  await card.getByRole('button', { name: 'Make a segment of this stretch' }).click();

  // the profile is the chosen stretch of the run itself, shown before any pass is matched
  await expect(page.getByRole('heading', { name: 'Map stretch' })).toBeVisible();
  const profile = page.getByTestId('segment-profile');
  await expect(profile.getByRole('heading', { name: 'Elevation profile' })).toBeVisible();
  await expect(profile.getByTestId('chart-altitude')).toBeVisible();
  const [low, high] = await profileExtremes(page);
  const [lowest, highest] = recordedElevations();
  expect(low).toBeLessThanOrEqual(high);
  expect(low).toBeGreaterThanOrEqual(Math.floor(lowest) - 1);
  expect(high).toBeLessThanOrEqual(Math.ceil(highest) + 1);
  // the chart's distance axis runs over the segment: from 0 to about its length
  const chart = profile.getByTestId('chart-altitude');
  expect(Number(await chart.getAttribute('data-x-min'))).toBe(0);
  expect(Number(await chart.getAttribute('data-x-max'))).toBeCloseTo(to - from, 0);
});

// The same two pages in German on a phone: the map's picking and the profile fit the screen.
test('CONTRACT: Explorer, goals, gear components, segments: picking on the map and the profile in German at 390 px', async ({ browser, user }) => {
  const rest = await Rest.signIn(user.username, user.password);
  const uploaded = await rest.upload('run.gpx', corpusFile(RUN).buffer);
  expect(uploaded.status).toBe(201);
  const id = uploaded.body[0]!.id;
  const { context, page } = await signedInAs(browser, user, 'de', 'phone');
  try {
    await page.goto(`/activities/${id}`);
    await pickOnMap(page, 'de', [0.2, 0.8]);
    await expectNoSidewaysScroll(page, 'the activity page while picking a stretch');
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'screenshots', 'segment-activity-de-phone.png') });
    await page.getByTestId('map-stretch').screenshot({ path: path.join(OUTPUT_DIR, 'screenshots', 'segment-map-pick-de-phone.png') });
    const card = page.getByTestId('segment-efforts');
    await card.getByLabel(text('de', 'segments.segmentName')).fill('Kartenabschnitt');
    await card.getByRole('button', { name: text('de', 'segments.makeFromStretch') }).click();
    await expect(page.getByRole('heading', { name: 'Kartenabschnitt' })).toBeVisible();
    await expect(page.getByTestId('segment-profile').getByRole('heading', { name: text('de', 'segments.profile') })).toBeVisible();
    await profileExtremes(page);
    await expectNoSidewaysScroll(page, 'the segment page');
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'screenshots', 'segment-page-de-phone.png'), fullPage: true });
  } finally {
    await context.close();
  }
});
