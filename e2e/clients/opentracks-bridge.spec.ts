import { expect, test } from '@playwright/test';
import { smallGpx, viaProxy } from '../fixtures/clients';
import { createUser, Rest } from '../fixtures/rest';
import { E2E_BASE_URL } from '../fixtures/server-config';

// OpenTracks → Endurain bridge, replayed from borborborja/opentracks-endurain (af24c1a):
//   app/src/main/java/com/endurainbridge/endurain/EndurainClient.kt
//     testConnection(): GET <server>/api/v1/activities/create/upload with X-Client-Type: mobile;
//       405 = "server reachable and endpoint right", 404 = wrong path/version, 401/403 = reachable.
//     uploadGpx(): POST <server>/api/v1/activities/create/upload, headers X-API-Key: <key> and
//       X-Client-Type: mobile, multipart part "file", "<name>.gpx", application/gpx+xml;
//       2xx = success, and parseActivityId reads "id" of the first element of a JSON array
//       (or of an object); 401/403 = auth error, other 4xx = rejected.
// The user makes the key (scope activities:upload) in Settings → API keys.

test('OpenTracks bridge: the connection test GET is 405; an upload with X-API-Key → 201, a JSON array whose first element has the id', async ({ request }) => {
  const user = await createUser('opentracks');
  const owner = await Rest.signIn(user.username, user.password);
  const created = await owner.json<{ key: string }>('POST', '/profile/api_keys', {
    name: 'OpenTracks bridge',
    scopes: ['activities:upload'],
    current_password: user.password,
  });
  expect(created.status).toBe(201);
  const proxy = viaProxy();

  const probe = await request.get(`${E2E_BASE_URL}/api/v1/activities/create/upload`, {
    headers: { 'X-Client-Type': 'mobile', 'User-Agent': 'okhttp/4.12.0', ...proxy },
  });
  expect(probe.status()).toBe(405);

  const upload = await request.post(`${E2E_BASE_URL}/api/v1/activities/create/upload`, {
    headers: { 'X-API-Key': created.body.key, 'X-Client-Type': 'mobile', 'User-Agent': 'okhttp/4.12.0', ...proxy },
    multipart: {
      file: { name: 'Morning run.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(smallGpx(new Date('2024-05-08T07:00:00Z'), 'OpenTracks')) },
    },
  });
  expect(upload.status()).toBe(201);
  const body = JSON.parse(await upload.text()) as unknown;
  expect(Array.isArray(body)).toBe(true);
  const id = (body as { id: number }[])[0]!.id;
  expect(Number.isInteger(id)).toBe(true);
  expect((await owner.json<{ id: number }>('GET', `/activities/${id}`)).body.id).toBe(id);

  const badKey = await request.post(`${E2E_BASE_URL}/api/v1/activities/create/upload`, {
    headers: { 'X-API-Key': 'not-a-key', 'X-Client-Type': 'mobile', ...proxy },
    multipart: { file: { name: 'x.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(smallGpx(new Date('2024-05-09T07:00:00Z'))) } },
  });
  expect([401, 403]).toContain(badKey.status());
});
