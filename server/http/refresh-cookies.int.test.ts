import { describe, expect, it } from 'vitest';
import * as refreshRoute from '@/app/api/v1/auth/refresh/route';
import { createUser } from '@/server/services/users/create-user';
import { noParams, postLogin, ROUTE_BASE, routeTestDatabase } from '@/server/testing/route-tests';
import { testEngines } from '@/server/testing/test-database';
import { REFRESH_COOKIE } from './cookies';

// Through the routes: two refresh cookies of our name (one planted by a sibling
// subdomain for the parent domain, say) are a 401, never resolved by the order the browser sent
// them in; a replay within the grace window answers the same cookie and CSRF token again.

const PASSWORD = 'correct horse battery';
let peer = 0;
const web = (extra: Record<string, string> = {}) => ({ 'x-client-type': 'web', 'x-stride-peer': `10.27.2.${++peer}`, ...extra });

function refreshCookieOf(response: Response): string {
  const line = response.headers.getSetCookie().find((l) => l.startsWith(`${REFRESH_COOKIE}=`));
  return line!.split(';')[0]!;
}

describe.each(testEngines())('refresh cookies on %s', (engine) => {
  const database = routeTestDatabase(engine);

  async function webLogin(username: string): Promise<string> {
    await createUser(database().db, { username, name: 'C', password: PASSWORD, access_type: 'regular' });
    const res = await postLogin(username, PASSWORD, web());
    expect(res.status).toBe(200);
    return refreshCookieOf(res);
  }
  const refresh = (cookie: string) =>
    refreshRoute.POST(new Request(`${ROUTE_BASE}/api/v1/auth/refresh`, { method: 'POST', headers: web({ cookie }) }), noParams);

  it('two cookies of our name → 401, whichever comes first; the real one alone still refreshes', async () => {
    const mine = await webLogin(`cookie1${engine}`);
    const planted = await webLogin(`cookie2${engine}`);
    for (const cookie of [`${mine}; ${planted}`, `${planted}; ${mine}`]) {
      const res = await refresh(cookie);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
    expect((await refresh(mine)).status).toBe(200);
  });

  it('a replay within the grace window answers the same refresh cookie and CSRF token', async () => {
    const first = await webLogin(`cookie3${engine}`);
    const once = await refresh(first);
    const again = await refresh(first);
    expect(again.status).toBe(200);
    expect(refreshCookieOf(again)).toBe(refreshCookieOf(once));
    expect((await again.json()).csrf_token).toBe((await once.json()).csrf_token);
  });
});
