import { expect, test, type APIRequestContext } from '@playwright/test';
import { pkcePair, smallGpx, viaProxy, withMfa } from '../fixtures/clients';
import { createUser } from '../fixtures/rest';
import { E2E_BASE_URL } from '../fixtures/server-config';

// The Endurain mobile app (Flutter), replayed from kennyHH/endurain-flutter (bb6f325; the
// endurain-project/endurain-flutter snapshot is older and still calls /api/v1/token):
//   lib/core/constants/api_constants.dart: the paths and "X-Client-Type: mobile".
//   lib/core/services/server_settings_service.dart: GET /api/v1/public/server_settings with
//     X-Client-Type: mobile; lib/core/models/server_settings.dart reads units and currency as
//     String ("metric"), the booleans, num_records_per_page as int, tileserver_url,
//     tileserver_attribution and map_background_color as String? (an int units would throw).
//   lib/core/services/auth_service.dart:
//     login: POST /api/v1/auth/login?code_challenge=<S256>&code_challenge_method=S256, form
//       username/password; 200 → mfa_required == true, or session_id, exchanged at
//       POST /api/v1/public/idp/session/<session_id>/tokens, JSON { code_verifier }; the answer must
//       hold access_token, refresh_token, session_id and a positive expires_in.
//     verifyMfa: POST /api/v1/auth/mfa/verify?code_challenge=…&code_challenge_method=S256, JSON
//       { username, mfa_code } → session_id → the same exchange.
//     refreshToken: POST /api/v1/auth/refresh, "Authorization: Bearer <refresh token>", no body →
//       access_token, refresh_token, session_id, expires_in.
//     logout: POST /api/v1/auth/logout, "Authorization: Bearer <refresh token>"; it counts only 200
//       as a server logout, and clears its tokens either way (Stride answers the contract's 204).
//   lib/core/services/api_client.dart uploadFile + lib/core/services/multipart_upload_adapter.dart:
//     POST /api/v1/activities/create/upload, multipart part "file" (MultipartFile.fromPath: the file's
//     name, application/octet-stream), Authorization Bearer and X-Client-Type: mobile; 2xx = done;
//     on 401 it refreshes and sends the same upload again. That snapshot sends no Idempotency-Key:
//     the retry test below adds one as a client that retries uploads should (CONTRACT: Activities).
// Dart's http client sends "User-Agent: Dart/<version> (dart:io)".

const UA = { 'User-Agent': 'Dart/3.8 (dart:io)' };
const JSON_TYPE = { 'Content-Type': 'application/json' };

class EndurainApp {
  access = '';
  refresh = '';
  readonly proxy = viaProxy();
  private pkce = pkcePair();
  constructor(private readonly request: APIRequestContext) {}

  private mobile(extra: Record<string, string> = {}) {
    return { 'X-Client-Type': 'mobile', ...UA, ...this.proxy, ...extra };
  }

  async serverSettings() {
    const res = await this.request.get(`${E2E_BASE_URL}/api/v1/public/server_settings`, { headers: this.mobile() });
    expect(res.status()).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  }

  async login(username: string, password: string): Promise<{ mfa_required?: boolean }> {
    this.pkce = pkcePair();
    const res = await this.request.post(`${E2E_BASE_URL}/api/v1/auth/login?code_challenge=${this.pkce.challenge}&code_challenge_method=S256`, {
      headers: this.mobile(),
      form: { username, password },
    });
    expect(res.status()).toBe(200);
    const data = (await res.json()) as { mfa_required?: boolean; username?: string; session_id?: string };
    if (data.mfa_required === true) return data;
    expect(typeof data.session_id).toBe('string');
    await this.exchange(data.session_id!);
    return data;
  }

  async verifyMfa(username: string, code: string) {
    const res = await this.request.post(`${E2E_BASE_URL}/api/v1/auth/mfa/verify?code_challenge=${this.pkce.challenge}&code_challenge_method=S256`, {
      headers: this.mobile(JSON_TYPE),
      data: JSON.stringify({ username, mfa_code: code }),
    });
    expect(res.status()).toBe(200);
    const data = (await res.json()) as { session_id?: string };
    expect(typeof data.session_id).toBe('string');
    await this.exchange(data.session_id!);
  }

  private keep(data: { access_token?: string; refresh_token?: string; session_id?: string; expires_in?: number }) {
    expect(typeof data.access_token).toBe('string');
    expect(typeof data.refresh_token).toBe('string');
    expect(typeof data.session_id).toBe('string');
    expect(Number.isInteger(data.expires_in) && data.expires_in! > 0).toBe(true);
    this.access = data.access_token!;
    this.refresh = data.refresh_token!;
  }

  private async exchange(sessionId: string) {
    const res = await this.request.post(`${E2E_BASE_URL}/api/v1/public/idp/session/${sessionId}/tokens`, {
      headers: this.mobile(JSON_TYPE),
      data: JSON.stringify({ code_verifier: this.pkce.verifier }),
    });
    expect(res.status()).toBe(200);
    this.keep(await res.json());
  }

  async refreshTokens() {
    const res = await this.request.post(`${E2E_BASE_URL}/api/v1/auth/refresh`, { headers: this.mobile({ Authorization: `Bearer ${this.refresh}` }) });
    expect(res.status()).toBe(200);
    this.keep(await res.json());
  }

  upload(name: string, gpx: string, extra: Record<string, string> = {}) {
    return this.request.post(`${E2E_BASE_URL}/api/v1/activities/create/upload`, {
      headers: this.mobile({ Authorization: `Bearer ${this.access}`, ...extra }),
      multipart: { file: { name, mimeType: 'application/octet-stream', buffer: Buffer.from(gpx) } },
    });
  }

  logout() {
    return this.request.post(`${E2E_BASE_URL}/api/v1/auth/logout`, { headers: this.mobile({ Authorization: `Bearer ${this.refresh}` }) });
  }
}

test('Endurain app: server settings as the app parses them, PKCE login and exchange, upload, refresh, upload again, logout', async ({ request }) => {
  const user = await createUser('endurain-app');
  const app = new EndurainApp(request);

  const settings = await app.serverSettings();
  expect(settings.units).toBe('metric');
  for (const key of [
    'public_shareable_links',
    'public_shareable_links_user_info',
    'login_photo_set',
    'signup_enabled',
    'sso_enabled',
    'local_login_enabled',
    'sso_auto_redirect',
  ])
    expect(typeof settings[key], key).toBe('boolean');
  expect(Number.isInteger(settings.num_records_per_page)).toBe(true);
  expect(settings.tileserver_url).toMatch(/\{z\}.*\{x\}.*\{y\}/);
  expect(typeof settings.tileserver_attribution).toBe('string');
  expect(settings.map_background_color).toMatch(/^#[0-9A-Fa-f]{6}$/);
  // the login screen lists the identity providers when sso_enabled
  const idps = await request.get(`${E2E_BASE_URL}/api/v1/public/idp`, { headers: { 'X-Client-Type': 'mobile', ...UA } });
  expect(idps.status()).toBe(200);
  expect(Array.isArray(await idps.json())).toBe(true);

  expect((await app.login(user.username, user.password)).mfa_required).not.toBe(true);
  const uploaded = await app.upload('endurain_2024-05-05.gpx', smallGpx(new Date('2024-05-05T07:00:00Z'), 'Endurain'));
  expect(uploaded.status()).toBeGreaterThanOrEqual(200);
  expect(uploaded.status()).toBeLessThan(300);

  await app.refreshTokens();
  const again = await app.upload('endurain_2024-05-06.gpx', smallGpx(new Date('2024-05-06T07:00:00Z'), 'Endurain'));
  expect(again.ok()).toBe(true);

  const oldRefresh = app.refresh;
  expect((await app.logout()).status()).toBe(204);
  app.refresh = oldRefresh;
  const afterLogout = await request.post(`${E2E_BASE_URL}/api/v1/auth/refresh`, {
    headers: { 'X-Client-Type': 'mobile', ...UA, ...app.proxy, Authorization: `Bearer ${oldRefresh}` },
  });
  expect(afterLogout.status()).toBe(401);
});

test('Endurain app: MFA with PKCE ({ username, mfa_code } and the challenge as query parameters) ends in the same token exchange', async ({ request }) => {
  const user = await createUser('endurain-mfa');
  const code = await withMfa(user);
  const app = new EndurainApp(request);
  expect((await app.login(user.username, user.password)).mfa_required).toBe(true);
  await app.verifyMfa(user.username, await code());
  const me = await request.get(`${E2E_BASE_URL}/api/v1/profile`, {
    headers: { 'X-Client-Type': 'mobile', ...UA, ...app.proxy, Authorization: `Bearer ${app.access}` },
  });
  expect(me.status()).toBe(200);
  expect((await me.json()).username).toBe(user.username);
});

test('Endurain app: an upload retried with the same Idempotency-Key answers the first result again and stores the activity once', async ({ request }) => {
  const user = await createUser('endurain-retry');
  const app = new EndurainApp(request);
  await app.login(user.username, user.password);
  const gpx = smallGpx(new Date('2024-05-07T07:00:00Z'), 'Endurain');
  const key = 'endurain-upload-2024-05-07-0700';
  const first = await app.upload('track.gpx', gpx, { 'Idempotency-Key': key });
  expect(first.status()).toBe(201);
  const retry = await app.upload('track.gpx', gpx, { 'Idempotency-Key': key });
  expect(retry.status()).toBe(201);
  expect(retry.headers()['idempotent-replayed']).toBe('true');
  expect(await retry.json()).toEqual(await first.json());
  const list = await request.get(`${E2E_BASE_URL}/api/v1/activities`, {
    headers: { 'X-Client-Type': 'mobile', ...app.proxy, Authorization: `Bearer ${app.access}` },
  });
  expect(((await list.json()) as { total: number }).total).toBe(1);
});
