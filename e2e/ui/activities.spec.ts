import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { corpusFile } from '../fixtures/corpus';
import { dropFiles } from '../fixtures/drop-files';
import { Rest } from '../fixtures/rest';
import { E2E_TILE_ATTRIBUTION, SCREENSHOT_DIR } from '../fixtures/server-config';
import { expect, signIn, test } from '../fixtures/test';

test.describe.configure({ mode: 'serial' });

test('empty state, then drag and drop several files: each has its own progress and result', async ({ page, user }) => {
  await signIn(page, user);
  await expect(page.getByTestId('activities-empty')).toContainText('No activities yet');

  const files = [
    corpusFile('gpx/strava_export_run_hr_cad_temp.gpx'),
    corpusFile('tcx/garmin_fr305_run_23laps.tcx'),
    corpusFile('fit/garmin_edge500_ride_3h31.fit'),
    corpusFile('bad/empty.gpx'),
  ];
  await dropFiles(page.getByTestId('dropzone'), files);

  const items = page.getByTestId('upload-item');
  await expect(items).toHaveCount(4);
  await expect(page.locator('[data-testid=upload-item][data-state=uploading], [data-testid=upload-item][data-state=waiting]')).toHaveCount(0, {
    timeout: 60_000,
  });
  await expect(page.locator('[data-testid=upload-item][data-state=done]')).toHaveCount(3);
  const refused = page.locator('[data-testid=upload-item][data-state=failed]');
  await expect(refused).toContainText('empty.gpx');
  // the parser's reason (the problem detail), not a generic failure
  await expect(refused.getByRole('alert')).not.toHaveText(/^Upload failed/);
  console.log(`[e2e] refused file says: ${await refused.getByRole('alert').textContent()}`);

  const rows = page.getByTestId('activities-table').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('totals')).toContainText('Activities3');
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'activities-list.png'), fullPage: true });

  // filter by type: one ride; totals follow the filter
  await page.getByLabel('Type').selectOption('ride');
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('totals')).toContainText('Activities1');
  await page.getByLabel('Type').selectOption('');
  await expect(rows).toHaveCount(3);

  // sort by distance, longest first, then shortest first
  await page.getByRole('button', { name: /^Distance/ }).click();
  await expect(page.getByRole('columnheader', { name: /Distance/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first()).toContainText('Ride');
  await page.getByRole('button', { name: /^Distance/ }).click();
  await expect(page.getByRole('columnheader', { name: /Distance/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.last()).toContainText('Ride');

  // a date range without activities gives the filtered empty state
  await page.getByLabel('From').fill('2030-01-01');
  await expect(page.getByTestId('activities-empty')).toContainText('No activities match');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(3);
});

test('activity page: map and charts draw, screenshots in light and dark; an edit meets a precondition failure', async ({ page, user }) => {
  const rest = await Rest.signIn(user.username, user.password);
  // with a maximum heart rate set first, the stored activity gets its heart-rate zones
  expect((await rest.json('PUT', '/profile', { max_heart_rate: 190 })).status).toBe(200);
  const uploaded = await rest.upload('run.tcx', corpusFile('tcx/garmin_fr305_run_23laps.tcx').buffer);
  expect(uploaded.status).toBe(201);
  const id = uploaded.body[0]!.id;

  await signIn(page, user);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/activities/${id}`);
  await expect(page.getByTestId('route-map')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('charts')).toHaveAttribute('data-ready', 'true');
  // CONTRACT: Beyond the spec … Maps: the map draws tiles (the suite's loopback tile server) with their attribution
  await expect(page.getByTestId('route-map')).toContainText(E2E_TILE_ATTRIBUTION);
  await expect(page.getByTestId('chart-heart_rate')).toBeVisible();
  await expect(page.getByTestId('chart-altitude')).toBeVisible();
  await expect(page.getByTestId('chart-pace')).toBeVisible();
  await expect(page.getByTestId('laps').locator('tbody tr')).toHaveCount(23);
  await expect(page.getByTestId('hr-zones')).toContainText('Based on a maximum of 190 bpm');
  await expect(page.getByTestId('figures')).toContainText('Distance');

  // hovering a chart moves the shared cursor (legend values fill in)
  const hr = page.getByTestId('chart-heart_rate');
  await hr.scrollIntoViewIfNeeded();
  const box = (await hr.locator('.u-over').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
  await expect(page.getByTestId('chart-altitude').locator('.u-legend .u-value').nth(1)).not.toHaveText('—');

  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.getByTestId('charts')).toHaveAttribute('data-ready', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `activity-${colorScheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('charts')).toHaveAttribute('data-ready', 'true');
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'activity-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // edit: open the form, and meanwhile someone changes the activity through the API
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('form', { name: 'Edit activity' }).getByLabel('Name').fill('Morning run by the river');
  const current = await rest.json<{ version: number }>('GET', `/activities/${id}`);
  const elsewhere = await rest.json('PATCH', `/activities/${id}`, { name: 'Renamed on my phone' }, { 'If-Match': `"${current.body.version}"` });
  expect(elsewhere.status).toBe(200);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.alert')).toContainText('changed elsewhere');
  await page.getByRole('button', { name: 'Reload the latest version' }).click();
  await expect(page.getByRole('form', { name: 'Edit activity' }).getByLabel('Name')).toHaveValue('Renamed on my phone');
  await page.getByRole('form', { name: 'Edit activity' }).getByLabel('Name').fill('Morning run by the river');
  await page.getByLabel('Description').fill('Easy pace, windy.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('activity-name')).toHaveText('Morning run by the river');
  const after = await rest.json<{ name: string; description: string }>('GET', `/activities/${id}`);
  expect(after.body).toMatchObject({ name: 'Morning run by the river', description: 'Easy pace, windy.' });
});

test('an activity without positions has no map and still shows its charts', async ({ page, user }) => {
  const rest = await Rest.signIn(user.username, user.password);
  const uploaded = await rest.upload('indoor.tcx', corpusFile('tcx/garmin_fr405_indoor_bike_no_gps.tcx').buffer);
  expect(uploaded.status).toBe(201);
  await signIn(page, user);
  await page.goto(`/activities/${uploaded.body[0]!.id}`);
  await expect(page.getByTestId('charts')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('route-map')).toHaveCount(0);
});

test('search by name narrows the list and survives a reload; clearing the filters brings all back', async ({ page, user }) => {
  const rest = await Rest.signIn(user.username, user.password);
  for (const [file, name] of [
    ['tcx/garmin_fr305_run_23laps.tcx', 'Riverside tempo'],
    ['gpx/strava_export_run_hr_cad_temp.gpx', 'Hill repeats'],
  ] as const) {
    const uploaded = await rest.upload(file.split('/')[1]!, corpusFile(file).buffer);
    const id = uploaded.body[0]!.id;
    const current = await rest.json<{ version: number }>('GET', `/activities/${id}`);
    expect((await rest.json('PATCH', `/activities/${id}`, { name }, { 'If-Match': `"${current.body.version}"` })).status).toBe(200);
  }
  await signIn(page, user);
  const rows = page.getByTestId('activities-table').locator('tbody tr');
  await expect(rows).toHaveCount(2);

  await page.getByLabel('Name', { exact: true }).fill('river');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Riverside tempo');
  await expect(page).toHaveURL(/[?&]q=river/);
  await expect(page.getByTestId('totals')).toContainText('Activities1');

  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('river');
  await expect(rows).toHaveCount(1);

  await page.getByLabel('Name', { exact: true }).fill('no such name');
  await expect(page.getByTestId('activities-empty')).toContainText('No activities match');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(rows).toHaveCount(2);
});

test('delete an activity: the dialog can be cancelled; confirming removes it everywhere', async ({ page, user }) => {
  const rest = await Rest.signIn(user.username, user.password);
  const uploaded = await rest.upload('run.gpx', corpusFile('gpx/strava_export_run_hr_cad_temp.gpx').buffer);
  const id = uploaded.body[0]!.id;
  await signIn(page, user);
  await page.goto(`/activities/${id}`);
  const name = (await page.getByTestId('activity-name').textContent())!;

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this activity?' });
  await expect(dialog).toContainText(name);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await rest.json('GET', `/activities/${id}`)).status).toBe(200);

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.getByRole('button', { name: 'Delete activity' }).click();
  await expect(page).toHaveURL(/\/activities$/);
  await expect(page.getByTestId('activities-empty')).toContainText('No activities yet');
  // spec: DELETE /activities/{id}: gone for the API too
  expect((await rest.json('GET', `/activities/${id}`)).status).toBe(404);
});

test('charts zoom to a dragged range together, by keyboard too, and reset; the laps table fits its panel at desktop and phone width', async ({
  page,
  user,
}) => {
  const rest = await Rest.signIn(user.username, user.password);
  const uploaded = await rest.upload('ride.fit', corpusFile('fit/garmin_edge500_ride_3h31.fit').buffer);
  const id = uploaded.body[0]!.id;
  await signIn(page, user);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/activities/${id}`);
  await expect(page.getByTestId('charts')).toHaveAttribute('data-ready', 'true');

  const first = page.getByTestId('charts').locator('.chart').first();
  const last = page.getByTestId('charts').locator('.chart').last();
  const fullMax = Number(await last.getAttribute('data-x-max'));
  await first.scrollIntoViewIfNeeded();
  const box = (await first.locator('.u-over').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();

  await expect(page.getByTestId('chart-zoom')).toBeVisible();
  // every chart shows the selected quarter, not only the one dragged across
  for (const chart of [first, last]) {
    await expect.poll(async () => Number(await chart.getAttribute('data-x-max'))).toBeLessThan(fullMax * 0.6);
    const min = Number(await chart.getAttribute('data-x-min'));
    expect(min).toBeGreaterThan(fullMax * 0.15);
  }
  await page.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(page.getByTestId('chart-zoom')).toHaveCount(0);
  await expect.poll(async () => Number(await last.getAttribute('data-x-max'))).toBe(fullMax);

  // the keyboard's way: zoom in on the middle half, then move to the later half
  const fullMin = Number(await last.getAttribute('data-x-min'));
  const span = fullMax - fullMin;
  await page.getByRole('button', { name: 'Zoom the charts in' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => Number(await last.getAttribute('data-x-min'))).toBeCloseTo(fullMin + span / 4, 3);
  expect(Number(await last.getAttribute('data-x-max'))).toBeCloseTo(fullMin + (span * 3) / 4, 3);
  await page.getByRole('button', { name: 'Show a later part' }).press('Enter');
  await expect.poll(async () => Number(await last.getAttribute('data-x-max'))).toBeCloseTo(fullMax, 3);
  await expect(page.getByRole('button', { name: 'Show a later part' })).toBeDisabled();
  await page.getByRole('button', { name: 'Reset zoom' }).press('Enter');
  await expect.poll(async () => Number(await last.getAttribute('data-x-max'))).toBe(fullMax);

  const laps = page.getByTestId('laps');
  await expect(laps.locator('tbody tr').first()).toBeVisible();
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    const fits = await laps.evaluate((table) => table.scrollWidth <= table.parentElement!.clientWidth);
    expect(fits, `laps table fits at ${viewport.width} px`).toBe(true);
  }
});
