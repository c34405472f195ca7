import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessibility';
import { corpusFile } from '../fixtures/corpus';
import { syntheticGpx } from '../fixtures/gpx';
import { Rest } from '../fixtures/rest';
import { E2E_TILE_ATTRIBUTION } from '../fixtures/server-config';
import { expect, signIn, test } from '../fixtures/test';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: the heatmap draws every route and opens
// an activity on click; a signed-out browser opens /a/{id} (tiles, Open Graph tags) and receives
// no point inside the owner's privacy zone.

/** Great-circle distance in metres (written here, independent of the service). */
function metres(a: [number, number], b: [number, number]): number {
  const r = Math.PI / 180;
  const h = Math.sin(((b[0] - a[0]) * r) / 2) ** 2 + Math.cos(a[0] * r) * Math.cos(b[0] * r) * Math.sin(((b[1] - a[1]) * r) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

/** A canvas pixel with colour on it, in page coordinates; null while nothing is drawn. */
async function paintedPoint(page: Page): Promise<{ x: number; y: number } | null> {
  return page
    .getByTestId('heatmap')
    .locator('canvas')
    .evaluate((canvas: HTMLCanvasElement) => {
      const ctx = canvas.getContext('2d');
      if (!ctx || !canvas.width) return null;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const ratio = canvas.width / canvas.getBoundingClientRect().width;
      const box = canvas.getBoundingClientRect();
      for (let i = 3; i < data.length; i += 4 * 7) {
        if (data[i]! > 0) {
          const p = (i - 3) / 4;
          const point = { x: box.left + (p % canvas.width) / ratio, y: box.top + Math.floor(p / canvas.width) / ratio };
          // a point under the sticky header (or off screen) would click something else
          if (document.elementFromPoint(point.x, point.y)?.closest('[data-testid=heatmap]')) return point;
        }
      }
      return null;
    });
}

test('the heatmap draws every route on tiles, filters by year and opens an activity on click', async ({ page, user }) => {
  const rest = await Rest.signIn(user.username, user.password);
  const uploads = [
    await rest.upload('run.tcx', corpusFile('tcx/garmin_fr305_run_23laps.tcx').buffer),
    await rest.upload('loop.gpx', syntheticGpx(600, new Date('2024-05-04T07:00:00Z'))),
  ];
  for (const u of uploads) expect(u.status).toBe(201);
  const years = await Promise.all(
    uploads.map(async (u) => (await rest.json<{ start_time: string }>('GET', `/activities/${u.body[0]!.id}`)).body.start_time.slice(0, 4)),
  );

  await signIn(page, user);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Heatmap' }).click();
  const heatmap = page.getByTestId('heatmap');
  await expect(heatmap).toHaveAttribute('data-state', 'ready');
  await expect(heatmap).toHaveAttribute('data-routes', '2');
  await expect(heatmap.locator('.leaflet-control-attribution')).toContainText(E2E_TILE_ATTRIBUTION);
  await expect.poll(() => paintedPoint(page)).not.toBeNull();

  await page.getByLabel('Year').selectOption(years[1]!);
  await expect(heatmap).toHaveAttribute('data-routes', years[0] === years[1] ? '2' : '1');
  await expect(heatmap).toHaveAttribute('data-state', 'ready');
  await expectAccessible(page, 'heatmap', { ready: async (p) => expect(p.getByTestId('heatmap')).toHaveAttribute('data-state', 'ready') });

  // the accessibility walk leaves the page scrolled (the explorer card sits below): click where the route is on screen
  await heatmap.scrollIntoViewIfNeeded();
  const point = await paintedPoint(page);
  expect(point).not.toBeNull();
  await page.mouse.click(point!.x, point!.y);
  await expect(page).toHaveURL(new RegExp(`/activities/${uploads[1]!.body[0]!.id}$`));
});

test('a signed-out browser opens a public activity with its Open Graph preview and no point inside a privacy zone', async ({ page, browser, user }) => {
  const rest = await Rest.signIn(user.username, user.password);
  const uploaded = await rest.upload('loop.gpx', syntheticGpx(900, new Date('2024-06-01T07:00:00Z')));
  expect(uploaded.status).toBe(201);
  const id = uploaded.body[0]!.id;
  const own = (await rest.json<{ lat: number[]; lon: number[] }>('GET', `/activities/${id}/streams`)).body;
  const start: [number, number] = [own.lat[0]!, own.lon[0]!];
  const zone = { name: 'Home', lat: start[0], lon: start[1], radius: 400 };
  expect((await rest.json('POST', '/profile/privacy_zones', zone)).status).toBe(201);
  const inside = own.lat.filter((a, i) => metres([a, own.lon[i]!], start) <= zone.radius).length;
  expect(inside).toBeGreaterThan(10);

  // private: the page is a 404 for everybody else, and the share button says so
  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  expect((await visitor.goto(`/a/${id}`))!.status()).toBe(404);
  await signIn(page, user);
  await page.goto(`/activities/${id}`);
  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('share-status')).toContainText('Only you can see this activity');
  expect((await rest.json('PATCH', `/activities/${id}`, { visibility: 'public' })).status).toBe(200);
  await page.reload();
  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('share-status')).toContainText(`/a/${id}`);
  await expect(page.getByTestId('share-status')).toContainText('Anyone with the link');

  const streamsAnswer = visitor.waitForResponse((r) => r.url().includes('maps.publicStreams'));
  const response = await visitor.goto(`/a/${id}`);
  expect(response!.status()).toBe(200);
  await expect(visitor.getByTestId('activity-name')).toBeVisible();
  const og = (property: string) => visitor.locator(`meta[property="${property}"]`).getAttribute('content');
  expect(await og('og:title')).toBe(await visitor.getByTestId('activity-name').textContent());
  expect(await og('og:description')).toMatch(/km/);
  const image = await visitor.request.get((await og('og:image'))!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');

  const body = JSON.stringify(await (await streamsAnswer).json());
  const lat = JSON.parse(/"lat":(\[[^\]]*\])/.exec(body)![1]!) as number[];
  const lon = JSON.parse(/"lon":(\[[^\]]*\])/.exec(body)![1]!) as number[];
  // every point inside the zone is gone, and more around it (issue 49 case 3: the cut ends past the circle)
  expect(lat.length).toBeGreaterThan(0);
  expect(lat.length).toBeLessThanOrEqual(own.lat.length - inside);
  expect(lat.every((a, i) => metres([a, lon[i]!], start) > zone.radius)).toBe(true);
  const map = visitor.getByTestId('route-map');
  await expect(map).toHaveAttribute('data-state', 'ready');
  await expect(map.locator('.leaflet-control-attribution')).toContainText(E2E_TILE_ATTRIBUTION);
  await expectAccessible(visitor, 'public-activity', { ready: async (p) => expect(p.getByTestId('route-map')).toHaveAttribute('data-state', 'ready') });
  await anonymous.close();
});

test('privacy zones: the settings page adds a zone picked on the map and removes it', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/settings/privacy');
  const map = page.getByTestId('privacy-zone-map');
  await expect(map).toHaveAttribute('data-state', 'ready');
  await map.click({ position: { x: 200, y: 150 } });
  await expect(page.getByLabel('Latitude')).not.toHaveValue('');
  await page.getByLabel('Name').fill('Home');
  await page.getByLabel('Radius (m)').fill('250');
  await page.getByRole('button', { name: 'Add zone' }).click();
  await expect(page.getByRole('list', { name: 'Your privacy zones' })).toContainText('Home');
  await expectAccessible(page, 'privacy-zones');
  await page.getByRole('button', { name: 'Remove Home' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No privacy zones yet.')).toBeVisible();
});
