import { expect, test, type APIRequestContext } from '@playwright/test';
import { viaProxy, withMfa } from '../fixtures/clients';
import { createUser, type TestUser } from '../fixtures/rest';
import { E2E_BASE_URL } from '../fixtures/server-config';

// openScale-sync's Endurain backend, replayed from oliexdev/openScale-sync (5d9fd13):
//   src/app/src/main/java/com/health/openscale/sync/core/sync/EndurainSync.kt
//     base URL "<server>/api/v1/"; an OkHttp interceptor adds "X-Client-Type: mobile" to every
//     request and "Authorization: Bearer <access>" to every one outside /auth/.
//     login: POST auth/login, @FormUrlEncoded username, password; TokenResponse reads access_token,
//       refresh_token, expires_in, refresh_token_expires_in, mfa_required, detail.
//     verifyMfa: POST auth/mfa/verify, JSON { username, mfa_code }.
//     refresh: POST auth/refresh, "Authorization: Bearer <refresh token>", JSON body {} (emptyMap()).
//     testConnection: GET health/weight?page_number=1&num_records=1 (2xx = connected).
//     upsert: POST health/weight, JSON WeightRequest { date, weight, body_fat, body_water,
//       muscle_mass, bone_mass, visceral_fat } (Gson leaves out nulls); insert and update are this one call.
//     delete(date): pages GET health/weight?page_number=p&num_records=100 until a record whose
//       "date" equals the day, then DELETE health/weight/{id}.
//     clear(): GET page 1 of 100 and DELETE each record until a page is empty.
//   src/app/src/main/java/com/health/openscale/sync/core/service/EndurainService.kt (the order:
//     login or MFA, then connect() = ensureFreshAccessToken + testConnection, then the syncs).
// Retrofit's Gson converter sends "Content-Type: application/json; charset=UTF-8"; OkHttp "okhttp/<version>".

const API = `${E2E_BASE_URL}/api/v1/`;
const UA = { 'User-Agent': 'okhttp/4.12.0' };
const JSON_TYPE = { 'Content-Type': 'application/json; charset=UTF-8' };

interface Tokens {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  refresh_token_expires_in?: number;
  mfa_required?: boolean;
}
interface WeightRead {
  id: number;
  date: string;
}

class OpenScaleSync {
  private access = '';
  private refreshToken = '';
  private readonly proxy = viaProxy();
  constructor(private readonly request: APIRequestContext) {}

  private headers(extra: Record<string, string> = {}, auth = true) {
    return { 'X-Client-Type': 'mobile', ...UA, ...this.proxy, ...(auth && this.access ? { Authorization: `Bearer ${this.access}` } : {}), ...extra };
  }

  private keep(tokens: Tokens) {
    expect(typeof tokens.access_token).toBe('string');
    expect(typeof tokens.refresh_token).toBe('string');
    expect(tokens.expires_in).toBeGreaterThan(0);
    expect(tokens.refresh_token_expires_in).toBeGreaterThan(0);
    this.access = tokens.access_token!;
    this.refreshToken = tokens.refresh_token!;
  }

  async login(user: TestUser): Promise<Tokens> {
    const res = await this.request.post(`${API}auth/login`, { headers: this.headers({}, false), form: { username: user.username, password: user.password } });
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as Tokens;
    if (body.mfa_required !== true) this.keep(body);
    return body;
  }

  async verifyMfa(username: string, code: string) {
    const res = await this.request.post(`${API}auth/mfa/verify`, {
      headers: this.headers(JSON_TYPE, false),
      data: JSON.stringify({ username, mfa_code: code }),
    });
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as Tokens;
    expect(body.mfa_required).not.toBe(true);
    this.keep(body);
  }

  async refresh() {
    const res = await this.request.post(`${API}auth/refresh`, {
      headers: { 'X-Client-Type': 'mobile', ...UA, ...this.proxy, ...JSON_TYPE, Authorization: `Bearer ${this.refreshToken}` },
      data: '{}',
    });
    expect(res.ok()).toBe(true);
    this.keep((await res.json()) as Tokens);
  }

  async getWeight(page: number, num: number): Promise<{ total?: number; records?: WeightRead[] }> {
    const res = await this.request.get(`${API}health/weight?page_number=${page}&num_records=${num}`, { headers: this.headers() });
    expect(res.status()).toBe(200);
    return res.json();
  }

  async upsert(body: Record<string, unknown>) {
    const res = await this.request.post(`${API}health/weight`, { headers: this.headers(JSON_TYPE), data: JSON.stringify(body) });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as WeightRead;
  }

  /** findIdByDate, then DELETE: an absent day is a no-op success */
  async delete(day: string) {
    for (let page = 1; ; page++) {
      const { records = [] } = await this.getWeight(page, 100);
      const hit = records.find((r) => r.date === day);
      if (hit) {
        const res = await this.request.delete(`${API}health/weight/${hit.id}`, { headers: this.headers() });
        expect(res.ok()).toBe(true);
        return true;
      }
      if (records.length < 100) return false;
    }
  }

  async clear() {
    for (let pass = 0; pass < 1000; pass++) {
      const { records = [] } = await this.getWeight(1, 100);
      if (!records.length) return;
      for (const r of records) expect((await this.request.delete(`${API}health/weight/${r.id}`, { headers: this.headers() })).ok()).toBe(true);
    }
    throw new Error('clear exceeded page limit');
  }
}

test('openScale-sync: login, connect, two posts for one day leave one entry (the second), list, delete by the day, clear', async ({ request }) => {
  const user = await createUser('openscale');
  const sync = new OpenScaleSync(request);
  expect((await sync.login(user)).mfa_required).not.toBe(true);
  // connect(): testConnection
  expect(await sync.getWeight(1, 1)).toMatchObject({ total: 0, records: [] });

  // a measurement, then the same day measured again (openScale's update is the same POST)
  const first = await sync.upsert({ date: '2024-06-01', weight: 80.2, body_fat: 21.5, body_water: 55.3, muscle_mass: 35.1, bone_mass: 3.2, visceral_fat: 9 });
  const second = await sync.upsert({ date: '2024-06-01', weight: 79.8, body_fat: 21.1, body_water: 55.9, muscle_mass: 35.3, bone_mass: 3.2, visceral_fat: 9 });
  expect(second.id).toBe(first.id);
  expect(second.date).toBe('2024-06-01');
  await sync.upsert({ date: '2024-06-02', weight: 79.5 });

  const listed = await sync.getWeight(1, 100);
  expect(listed.total).toBe(2);
  expect(listed.records!.map((r) => r.date)).toEqual(['2024-06-02', '2024-06-01']);
  expect(listed.records![1]).toMatchObject({ weight: 79.8, body_fat: 21.1, body_water: 55.9, muscle_mass: 35.3, bone_mass: 3.2, visceral_fat: 9 });

  expect(await sync.delete('2024-06-01')).toBe(true);
  expect(await sync.delete('2024-06-01')).toBe(false);
  expect((await sync.getWeight(1, 100)).records!.map((r) => r.date)).toEqual(['2024-06-02']);

  for (const day of ['2024-06-03', '2024-06-04', '2024-06-05']) await sync.upsert({ date: day, weight: 79 });
  await sync.clear();
  expect(await sync.getWeight(1, 1)).toMatchObject({ total: 0, records: [] });
});

test('openScale-sync: MFA ({ username, mfa_code }) after mfa_required, then refresh with the refresh token as Bearer keeps it connected', async ({
  request,
}) => {
  const user = await createUser('openscale-mfa');
  const code = await withMfa(user);
  const sync = new OpenScaleSync(request);
  const pending = await sync.login(user);
  expect(pending.mfa_required).toBe(true);
  await sync.verifyMfa(user.username, await code());
  expect((await sync.getWeight(1, 1)).total).toBe(0);

  await sync.refresh();
  await sync.upsert({ date: '2024-06-10', weight: 81 });
  expect((await sync.getWeight(1, 1)).records!.map((r) => r.date)).toEqual(['2024-06-10']);
});
