import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchUserinfo, IDP_TIMEOUT_MS, redeemCode } from './oidc';

// Calls to an IdP are bounded (a token endpoint that never answers failed nothing
// but the waiting request, forever) and userinfo never follows a redirect (it would carry the
// bearer token wherever the IdP, or anyone who can answer for it, points).

let server: Server;
let base = '';
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(`${request.url} ${request.headers.authorization ?? ''}`);
    if (request.url === '/hang') return; // accepts and never answers
    if (request.url === '/userinfo') {
      response.writeHead(302, { location: `${base}/elsewhere` }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"sub":"someone"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('IdP calls', () => {
  it('userinfo answered with a redirect is refused, and the redirect target never sees the token', async () => {
    await expect(fetchUserinfo(`${base}/userinfo`, 'secret-token')).rejects.toThrow();
    expect(seen.filter((line) => line.startsWith('/elsewhere'))).toEqual([]);
  });

  it(`a token endpoint that never answers fails the code redemption at ${IDP_TIMEOUT_MS} ms`, async () => {
    const config = {
      clientId: 'c',
      clientSecret: 's',
      redirectUri: `${base}/callback`,
      authorizationEndpoint: `${base}/authorize`,
      tokenEndpoint: `${base}/hang`,
      scopes: ['openid'],
    };
    await expect(redeemCode(config as Parameters<typeof redeemCode>[0], 'code', 'v'.repeat(43))).rejects.toThrow(/did not answer/);
  }, 30_000);
});
