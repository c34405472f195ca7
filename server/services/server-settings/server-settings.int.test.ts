import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as settingsRoute from '@/app/api/v1/public/server_settings/route';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { createIdentityProvider } from '../identity-providers/create-identity-provider';
import { identityProviderInput } from '../identity-providers/schemas';
import { setIdentityProviderEnabled } from '../identity-providers/set-identity-provider-enabled';
import { publicServerSettingsResponse } from './schemas';

const noParams = { params: Promise.resolve({}) };
let peer = 0;
const get = (headers: Record<string, string> = {}) =>
  settingsRoute.GET(
    new Request('http://127.0.0.1:3000/api/v1/public/server_settings', { headers: { 'x-stride-peer': `10.51.0.${++peer % 250}`, ...headers } }),
    noParams,
  );

describe.each(testEngines())('GET /public/server_settings on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    useTestEnv({ MAP_TILE_URL: 'https://tiles.example.test/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'Tiles & <friends>' });
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(() => database.close());

  it("answers without sign-in or X-Client-Type (Gadgetbridge sends neither), in Endurain's names, from the configuration", async () => {
    const res = await get({ 'user-agent': 'Gadgetbridge/0.86.0 (abc1234)' });
    expect(res.status).toBe(200);
    const body = publicServerSettingsResponse.strict().parse(await res.json());
    expect(body).toMatchObject({
      local_login_enabled: true,
      sso_enabled: false,
      signup_enabled: false,
      units: 'metric',
      tileserver_url: 'https://tiles.example.test/{z}/{x}/{y}.png',
      tileserver_attribution: 'Tiles &#38; &#60;friends&#62;',
      public_shareable_links: true,
      public_shareable_links_user_info: false,
      num_records_per_page: 25,
    });
    expect(body.map_background_color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('is cacheable: Cache-Control public, a strong ETag; If-None-Match with it → 304; an enabled identity provider turns sso_enabled on and changes the ETag', async () => {
    const first = await get();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, must-revalidate');
    const again = await get({ 'if-none-match': `W/${etag}` });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');

    const idp = await createIdentityProvider(
      database.db,
      identityProviderInput.parse({
        name: 'Keycloak',
        slug: 'kc',
        authorization_endpoint: 'https://id.example.test/auth',
        token_endpoint: 'https://id.example.test/token',
        userinfo_endpoint: 'https://id.example.test/userinfo',
        client_id: 'stride',
        enabled: false,
      }),
    );
    expect((await (await get()).json()).sso_enabled).toBe(false);
    await setIdentityProviderEnabled(database.db, idp.id, true);
    const changed = await get({ 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((await changed.json()).sso_enabled).toBe(true);
  });

  it('MAP_TILE_URL=none: tileserver_url null, no attribution', async () => {
    useTestEnv({ MAP_TILE_URL: 'none' });
    const body = await (await get()).json();
    expect(body).toMatchObject({ tileserver_url: null, tileserver_attribution: '' });
  });
});
