import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

// A real OpenID provider (oidc-provider, certified) on loopback, playing the IdP in SSO tests.
// Its own dev login and consent pages are driven with fetch, as a browser would: cookies kept,
// forms posted, redirects followed until the IdP sends the browser back to our callback.

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** the IdP misbehaving: re-signs the ID token it issues with these claims changed */
  tamperIdToken: ((claims: JWTPayload) => JWTPayload) | null;
  /** accounts' claims by login name (any unknown login is an account too) */
  accounts: Map<string, Record<string, unknown>>;
  /** signs in as `login` on the IdP's pages; returns the URL the IdP redirected back to */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  /** the user presses "Cancel" on the IdP's login page */
  cancel(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

type Jar = Map<string, string>;

function keepCookies(jar: Jar, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
  }
}

export async function startTestIdp(options: { redirectUris: string[]; port?: number; host?: string }): Promise<TestIdp> {
  const host = options.host ?? '127.0.0.1';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const clientId = 'stride-test';
  const clientSecret = 'stride-test-secret-0123456789-abcdef';
  const accounts = new Map<string, Record<string, unknown>>();

  const provider = new Provider(issuer, {
    clients: [
      { client_id: clientId, client_secret: clientSecret, redirect_uris: options.redirectUris, grant_types: ['authorization_code'], response_types: ['code'] },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-idp-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    pkce: { required: () => true },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: `${sub}@idp.example`, email_verified: true, name: `Person ${sub}`, preferred_username: sub, ...accounts.get(sub) }),
    }),
  });
  const idp: TestIdp = {
    issuer,
    clientId,
    clientSecret,
    tamperIdToken: null,
    accounts,
    signIn: (url, login) => drive(url, { login }),
    cancel: (url) => drive(url, { cancel: true }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && idp.tamperIdToken && body?.id_token) {
      const claims = idp.tamperIdToken(decodeJwt(body.id_token));
      body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).sign(privateKey);
    }
  });
  server.on('request', provider.callback());

  async function drive(authorizationUrl: string, action: { login?: string; cancel?: boolean }): Promise<URL> {
    const jar: Jar = new Map();
    let url = new URL(authorizationUrl);
    let init: RequestInit = {};
    for (let hop = 0; hop < 20; hop++) {
      if (url.origin !== issuer) return url;
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie } });
      keepCookies(jar, response);
      init = {};
      const location = response.headers.get('location');
      if (location) {
        url = new URL(location, url);
        continue;
      }
      const html = await response.text();
      const form = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!form) throw new Error(`the IdP page at ${url} has no form (status ${response.status}): ${html.slice(0, 300)}`);
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (action.cancel) {
        url = new URL(`${new URL(form, url).pathname.replace(/\/(login|confirm)$/, '')}/abort`, url);
        continue;
      }
      const fields: Record<string, string> = prompt === 'login' ? { prompt, login: action.login!, password: 'any' } : { prompt: prompt ?? 'consent' };
      url = new URL(form, url);
      init = { method: 'POST', body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    }
    throw new Error('the IdP did not send the browser back');
  }
  return idp;
}
