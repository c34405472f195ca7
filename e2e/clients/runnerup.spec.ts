import { expect, test } from '@playwright/test';
import { viaProxy, smallGpx } from '../fixtures/clients';
import { createUser } from '../fixtures/rest';
import { E2E_BASE_URL } from '../fixtures/server-config';

// RunnerUp's Endurain uploader, replayed from jonasoreland/runnerup (d698aec):
//   app/src/main/org/runnerup/export/EndurainSynchronizer.java
//     connect(): POST url + "/api/v1/auth/login", FormBody username/password, through
//       getAuthClient() whose interceptor adds "X-Client-Type: mobile" (and Authorization only once
//       an access token is held); success = 2xx; parseAuthData reads "access_token" only.
//     uploadFile(): POST url + "/api/v1/activities/create/upload", multipart/form-data, part "file",
//       file name FileNameHelper.getExportFileNameWithModel(...) without "/" plus "gpx"
//       ("RunnerUp_<model>_<time>_<type>.gpx"), part type "application/gpx+xml"; the request also
//       calls addHeader("Content-Type", "application/json"), which OkHttp's BridgeInterceptor replaces
//       with the multipart body's own type; success = 2xx, the body is not read.
//   RunnerUp has no MFA step and never refreshes: it signs in again when its in-memory token is gone.
// OkHttp sends User-Agent "okhttp/<version>".

test('RunnerUp: form login with X-Client-Type: mobile → access_token; multipart GPX upload with it → 2xx, the run is stored', async ({ request }) => {
  const user = await createUser('runnerup');
  const proxy = viaProxy();
  const login = await request.post(`${E2E_BASE_URL}/api/v1/auth/login`, {
    headers: { 'X-Client-Type': 'mobile', 'User-Agent': 'okhttp/4.12.0', ...proxy },
    form: { username: user.username, password: user.password },
  });
  expect(login.ok()).toBe(true);
  const auth = (await login.json()) as { access_token?: string };
  expect(typeof auth.access_token).toBe('string');

  const name = 'RunnerUp_Pixel_7_2024-05-04-07-00-00_Running.gpx';
  const upload = await request.post(`${E2E_BASE_URL}/api/v1/activities/create/upload`, {
    headers: { 'X-Client-Type': 'mobile', Authorization: `Bearer ${auth.access_token}`, 'User-Agent': 'okhttp/4.12.0', ...proxy },
    multipart: { file: { name, mimeType: 'application/gpx+xml', buffer: Buffer.from(smallGpx(new Date('2024-05-04T07:00:00Z'), 'RunnerUp')) } },
  });
  expect(upload.ok()).toBe(true);

  // what the user then sees: the run in the list
  const list = await request.get(`${E2E_BASE_URL}/api/v1/activities`, {
    headers: { 'X-Client-Type': 'mobile', Authorization: `Bearer ${auth.access_token}`, ...proxy },
  });
  const { items } = (await list.json()) as { items: { start_time: string }[] };
  expect(items.map((a) => new Date(a.start_time).toISOString())).toEqual(['2024-05-04T07:00:00.000Z']);
});

test('RunnerUp: a wrong password is not 2xx (its connect() answers Status.ERROR)', async ({ request }) => {
  const user = await createUser('runnerup');
  const login = await request.post(`${E2E_BASE_URL}/api/v1/auth/login`, {
    headers: { 'X-Client-Type': 'mobile', 'User-Agent': 'okhttp/4.12.0', ...viaProxy() },
    form: { username: user.username, password: `${user.password}-wrong` },
  });
  expect(login.status()).toBe(401);
});
