import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { safeEqual } from './hash';

// The one module that speaks OAuth 2 / OpenID Connect to identity providers. arctic builds the
// authorization URL (PKCE S256) and redeems the code; its README announces deprecation, so it
// stays behind this file. arctic does not verify ID tokens: jose does, against the IdP's JWKS.

export interface OidcClientConfig {
  clientId: string;
  clientSecret: string | null;
  redirectUri: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string | null;
  issuer: string | null;
  jwksUri: string | null;
  scopes: string[];
}

export interface AuthorizationRequest {
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** Fresh state, PKCE verifier and nonce for one authorization request. */
export function newAuthorizationRequest(): AuthorizationRequest {
  return { state: generateState(), codeVerifier: generateCodeVerifier(), nonce: generateState() };
}

export function authorizationUrl(config: OidcClientConfig, request: AuthorizationRequest): string {
  const client = new OAuth2Client(config.clientId, config.clientSecret, config.redirectUri);
  const url = client.createAuthorizationURLWithPKCE(config.authorizationEndpoint, request.state, CodeChallengeMethod.S256, request.codeVerifier, config.scopes);
  url.searchParams.set('nonce', request.nonce);
  return url.toString();
}

export interface ProviderTokens {
  accessToken: string;
  idToken: string | null;
}

/** Every call to an IdP ends within this; a hung IdP fails the sign-in, not the server. */
export const IDP_TIMEOUT_MS = 10_000;

/** arctic takes no AbortSignal: its request is given up (it is not awaited any longer) at the deadline. */
function withinIdpTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${IDP_TIMEOUT_MS} ms`)), IDP_TIMEOUT_MS);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Redeems the authorization code (client_secret_basic for confidential clients). */
export async function redeemCode(config: OidcClientConfig, code: string, codeVerifier: string): Promise<ProviderTokens> {
  const client = new OAuth2Client(config.clientId, config.clientSecret, config.redirectUri);
  const tokens = await withinIdpTimeout(client.validateAuthorizationCode(config.tokenEndpoint, code, codeVerifier), 'the token endpoint');
  return { accessToken: tokens.accessToken(), idToken: 'id_token' in tokens.data && typeof tokens.data.id_token === 'string' ? tokens.data.id_token : null };
}

// asymmetric algorithms only: an HMAC "signed" ID token would be keyed with our client secret
const ID_TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function jwksFor(uri: string) {
  let jwks = jwksCache.get(uri);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(uri), { timeoutDuration: IDP_TIMEOUT_MS, cooldownDuration: 30_000 });
    jwksCache.set(uri, jwks);
  }
  return jwks;
}

/** OIDC Core 3.1.3.7: signature by the IdP's JWKS, issuer, audience (and azp), expiry, nonce. */
export async function verifyIdToken(config: OidcClientConfig, idToken: string, nonce: string): Promise<JWTPayload & { sub: string }> {
  if (!config.issuer || !config.jwksUri) throw new Error('the provider has no issuer and JWKS to verify an ID token with');
  const { payload } = await jwtVerify(idToken, jwksFor(config.jwksUri), {
    issuer: config.issuer,
    audience: config.clientId,
    algorithms: ID_TOKEN_ALGORITHMS,
    requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
  });
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== config.clientId) throw new Error('ID token azp is not our client');
  if (typeof payload.nonce !== 'string' || !safeEqual(payload.nonce, nonce)) throw new Error('ID token nonce does not match');
  return payload as JWTPayload & { sub: string };
}

export async function fetchUserinfo(endpoint: string, accessToken: string): Promise<Record<string, unknown>> {
  const response = await fetch(endpoint, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    // The bearer token is never carried to wherever a redirect points
    redirect: 'error',
    signal: AbortSignal.timeout(IDP_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
  const body: unknown = await response.json();
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('userinfo is not a JSON object');
  return body as Record<string, unknown>;
}

const discoveryDocument = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url().optional(),
  jwks_uri: z.url(),
});
export type DiscoveryDocument = z.infer<typeof discoveryDocument>;

/** OIDC Discovery 1.0: the configuration document, whose issuer must equal the one asked for. */
export async function discover(issuer: string): Promise<DiscoveryDocument> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const response = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'error', signal: AbortSignal.timeout(IDP_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const document = discoveryDocument.parse(await response.json());
  if (document.issuer !== issuer) throw new Error(`the discovery document names the issuer ${document.issuer}, not ${issuer}`);
  return document;
}
