import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from '../fixtures/server-config';

// Gadgetbridge's Endurain sign-in, replayed from its source (Codeberg Freeyourgadget/Gadgetbridge;
// the GitHub mirror's snapshot predates it, read here from the fork zoop-dev/pulse at 256d2eb):
//   app/src/main/java/nodomain/freeyourgadget/gadgetbridge/activities/EndurainPreferencesActivity.kt
//     doLogin(): InternetUtils.doJsonRequest("${server}/api/v1/public/server_settings"), then
//     serverSettings.optBoolean("local_login_enabled") and optBoolean("sso_enabled"); a null
//     answer (no answer, or not a JSON object) is the toast "Endurain server is offline".
//   app/src/main/java/nodomain/freeyourgadget/gadgetbridge/util/InternetUtils.kt
//     doJsonRequest: GET, no headers but User-Agent "Gadgetbridge/<version> (<git hash>)";
//     the body must parse as a JSONObject.
// The server address is cut to "${scheme}://${host}" (the port is dropped): Stride must be reachable
// on the scheme's default port (a reverse proxy), which is why this replay keeps the test server's port.

test('Gadgetbridge: GET /public/server_settings with only its User-Agent → a JSON object with local_login_enabled and sso_enabled', async ({ request }) => {
  const res = await request.get(`${E2E_BASE_URL}/api/v1/public/server_settings`, {
    headers: { 'User-Agent': 'Gadgetbridge/0.87.0 (a0948ee1)' },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/json/);
  const settings = JSON.parse(await res.text()) as Record<string, unknown>;
  expect(settings).toBeInstanceOf(Object);
  expect(Array.isArray(settings)).toBe(false);
  // optBoolean: a missing key or a non-boolean would read as false
  expect(settings.local_login_enabled).toBe(true);
  expect(typeof settings.sso_enabled).toBe('boolean');
});

test('Gadgetbridge: the settings are cacheable: a revalidation with the ETag is 304 without a body', async ({ request }) => {
  const first = await request.get(`${E2E_BASE_URL}/api/v1/public/server_settings`, { headers: { 'User-Agent': 'Gadgetbridge/0.87.0 (a0948ee1)' } });
  expect(first.headers()['cache-control']).toContain('public');
  const etag = first.headers()['etag']!;
  const again = await request.get(`${E2E_BASE_URL}/api/v1/public/server_settings`, { headers: { 'If-None-Match': etag } });
  expect(again.status()).toBe(304);
});
