import { corpusFile } from '../fixtures/corpus';
import { Rest } from '../fixtures/rest';
import { E2E_TILE_ATTRIBUTION } from '../fixtures/server-config';
import { expect, signIn, test } from '../fixtures/test';

// Security headers on every answer, and a CSP under which the app still works: the
// activity page draws its map and charts with no CSP violation.

test('pages and API answers carry the security headers', async ({ request }) => {
  for (const path of ['/sign-in', '/api/v1/health', '/api/v1/no/such/path', '/api/trpc/system.health']) {
    const res = await request.get(path, { headers: { 'X-Client-Type': 'web' } });
    const headers = res.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
  }
});

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: tiles from the configured server (here a
// loopback one, global-setup.ts) with its attribution, allowed by the CSP
test('the activity page draws its map on tiles, with their attribution, and its charts, with no CSP violation', async ({ page, user }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const rest = await Rest.signIn(user.username, user.password);
  const uploaded = await rest.upload('run.tcx', corpusFile('tcx/garmin_fr305_run_23laps.tcx').buffer);
  expect(uploaded.status).toBe(201);

  await signIn(page, user);
  await page.goto(`/activities/${uploaded.body[0]!.id}`);
  await expect(page.getByTestId('route-map')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('charts')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('route-map').locator('canvas, svg').first()).toBeVisible();
  await expect(page.getByTestId('chart-heart_rate').locator('canvas')).toBeVisible();
  const map = page.getByTestId('route-map');
  await expect(map.locator('.leaflet-control-attribution')).toContainText(E2E_TILE_ATTRIBUTION);
  const tileOrigin = process.env.E2E_TILE_ORIGIN!;
  await expect
    .poll(() =>
      map
        .locator('img.leaflet-tile')
        .evaluateAll(
          (imgs, origin) => imgs.filter((img) => (img as HTMLImageElement).src.startsWith(origin) && (img as HTMLImageElement).naturalWidth === 256).length,
          tileOrigin,
        ),
    )
    .toBeGreaterThan(0);
  await expect(map.getByText('Map tiles unavailable')).toHaveCount(0);
  expect((await page.request.get('/sign-in')).headers()['content-security-policy']).toContain(`img-src 'self' data: blob: ${tileOrigin};`);
  await page.reload();
  await expect(page.getByTestId('charts')).toHaveAttribute('data-ready', 'true');
  expect(violations).toEqual([]);
});
