import type { Page } from '@playwright/test';
import { corpusFile } from '../fixtures/corpus';
import { dropFiles } from '../fixtures/drop-files';
import { Rest } from '../fixtures/rest';
import { expect, signIn, test } from '../fixtures/test';

// Installable: the web app manifest and its icons, the service worker (offline shell, nothing
// personal cached) and the dropzone's offline queue with its Idempotency-Key.

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** A PNG's width and height, read from its IHDR chunk (bytes 16–23, big-endian). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('the manifest names the app, opens the dashboard standalone and lists PNG icons of the sizes it states', async ({ page, request }) => {
  await page.goto('/sign-in');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({ name: 'Stride', short_name: 'Stride', display: 'standalone', start_url: '/dashboard' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  const declared = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(declared).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const { width, height } = pngSize(await image.body());
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }

  // one browser-bar colour per theme
  const themeColors = page.locator('meta[name="theme-color"]');
  await expect(themeColors).toHaveCount(2);
  expect(await themeColors.evaluateAll((metas) => metas.map((m) => m.getAttribute('media')))).toEqual([
    '(prefers-color-scheme: light)',
    '(prefers-color-scheme: dark)',
  ]);
});

test('the service worker controls the page; offline, a reload shows the offline shell, and nothing from the API was cached', async ({
  page,
  context,
  user,
}) => {
  // the service worker installs and claims the page in the background: slow on a loaded machine
  test.slow();
  await signIn(page, user);
  await expect(page.getByRole('heading', { name: 'Activities', exact: true })).toBeVisible();
  await waitForServiceWorkerControl(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-shell')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByTestId('offline-status')).toBeVisible();
  // the shell is styled from the cache: its stylesheet loaded (the card has its border)
  expect(await page.locator('.card').evaluate((card) => getComputedStyle(card).borderTopStyle)).toBe('solid');

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(cached).toContain('/offline');
  expect(cached.filter((path) => path.startsWith('/api/') || path.startsWith('/trpc'))).toEqual([]);
  expect(cached.filter((path) => path.startsWith('/activities') || path.startsWith('/dashboard'))).toEqual([]);

  // back online, the page that was asked for opens again (the shell reloads on the browser's
  // online event, which may come before the service worker's network is back: then reload again)
  await context.setOffline(false);
  await expect(async () => {
    if (await page.getByTestId('offline-shell').isVisible()) await page.reload();
    await expect(page.getByRole('heading', { name: 'Activities', exact: true })).toBeVisible({ timeout: 3_000 });
  }).toPass();
  await expect(page.getByTestId('offline-status')).toBeHidden();
});

test.describe('offline uploads', () => {
  // the queue is the page's own (IndexedDB): without a service worker, page.route sees every request
  test.use({ serviceWorkers: 'block' });

  test('a file dropped offline waits, then uploads once when back online, even when the first answer is lost', async ({ page, context, user }) => {
    const rest = await Rest.signIn(user.username, user.password);
    const count = async () => (await rest.json<{ total: number }>('GET', '/activities')).body.total;
    await signIn(page, user);
    await expect(page.getByTestId('activities-empty')).toBeVisible();

    await context.setOffline(true);
    await dropFiles(page.getByTestId('dropzone'), [corpusFile('gpx/strava_export_run_hr_cad_temp.gpx')]);
    const item = page.getByTestId('upload-item');
    await expect(item).toHaveAttribute('data-state', 'queued');
    expect(await count()).toBe(0);

    // the first send reaches the server, but its answer never reaches the browser
    const keys: string[] = [];
    await page.route('**/api/v1/activities/create/upload', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length > 1) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await context.setOffline(false);
    await expect.poll(() => keys.length).toBe(1);
    await expect(item).toHaveAttribute('data-state', 'queued');
    expect(await count()).toBe(1);

    // the connection drops and comes back: the file goes again, with the same key
    await context.setOffline(true);
    await expect(page.getByTestId('offline-status')).toBeVisible();
    await context.setOffline(false);
    await expect(item).toHaveAttribute('data-state', 'done');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await count()).toBe(1);
    await expect(page.getByTestId('activities-table').locator('tbody tr')).toHaveCount(1);
  });

  test('a file whose upload got no answer still waits after a reload, and the next visit uploads it', async ({ page, user }) => {
    const rest = await Rest.signIn(user.username, user.password);
    await signIn(page, user);
    await expect(page.getByTestId('activities-empty')).toBeVisible();
    await page.route('**/api/v1/activities/create/upload', (route) => route.abort('internetdisconnected'));
    await dropFiles(page.getByTestId('dropzone'), [corpusFile('gpx/strava_export_run_hr_cad_temp.gpx')]);
    await expect(page.getByTestId('upload-item')).toHaveAttribute('data-state', 'queued');
    await page.unrouteAll();
    expect((await rest.json<{ total: number }>('GET', '/activities')).body.total).toBe(0);

    await page.reload();
    await expect(page.getByTestId('upload-item')).toHaveAttribute('data-state', 'done');
    await expect(page.getByTestId('activities-table').locator('tbody tr')).toHaveCount(1);
    expect((await rest.json<{ total: number }>('GET', '/activities')).body.total).toBe(1);
  });
});
