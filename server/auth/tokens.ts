import { systemNow, systemNowMs } from '@/server/clock';
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { env } from '../env';
import { AppError } from '../errors';
import type { Scope } from './scopes';

// JWTs with jose. Verification pins the configured algorithm and requires every claim of
// CONTRACT: Tokens and sessions, so `alg: none`, another algorithm, a missing `exp` or a token
// of the other type are all refused.

export interface AccessClaims {
  sub: string;
  sid: string;
  scope: Scope[];
  typ: 'access';
  jti: string;
}

export interface RefreshClaims {
  sub: string;
  sid: string;
  fam: string;
  typ: 'refresh';
  jti: string;
}

const REQUIRED = ['sub', 'sid', 'typ', 'jti', 'iat', 'nbf', 'exp', 'iss', 'aud'];

// Imported once: given raw bytes, jose imports a WebCrypto key on every sign and verify, a
// visible cost on each authenticated request.
let cachedKey: { secret: string; algorithm: string; key: Promise<CryptoKey> } | undefined;
function signingKey(): Promise<CryptoKey> {
  const { SECRET_KEY: secret, ALGORITHM: algorithm } = env();
  if (cachedKey?.secret !== secret || cachedKey.algorithm !== algorithm) {
    const hmac = { name: 'HMAC', hash: `SHA-${algorithm.slice(2)}` };
    cachedKey = { secret, algorithm, key: crypto.subtle.importKey('raw', new TextEncoder().encode(secret), hmac, false, ['sign', 'verify']) };
  }
  return cachedKey.key;
}

export function accessTokenSeconds(): number {
  return env().ACCESS_TOKEN_EXPIRE_MINUTES * 60;
}

export function refreshTokenSeconds(): number {
  return env().REFRESH_TOKEN_EXPIRE_DAYS * 86_400;
}

async function sign(claims: Record<string, unknown>, lifetimeSeconds: number, now: Date): Promise<string> {
  const config = env();
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: config.ALGORITHM, typ: 'JWT' })
    .setIssuer(config.JWT_ISSUER)
    .setAudience(config.JWT_ISSUER)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + lifetimeSeconds)
    .sign(await signingKey());
}

export function signAccessToken(input: { userId: number; sessionId: string; scopes: readonly Scope[] }, now = systemNow()): Promise<string> {
  const claims: AccessClaims = { sub: String(input.userId), sid: input.sessionId, scope: [...input.scopes], typ: 'access', jti: randomUUID() };
  return sign({ ...claims }, accessTokenSeconds(), now);
}

export function signRefreshToken(input: { userId: number; sessionId: string; familyId: string; jti: string }, now = systemNow()): Promise<string> {
  const claims: RefreshClaims = { sub: String(input.userId), sid: input.sessionId, fam: input.familyId, typ: 'refresh', jti: input.jti };
  return sign({ ...claims }, refreshTokenSeconds(), now);
}

function unauthorized(detail: string, code?: 'token_expired'): AppError {
  return new AppError('unauthorized', { detail, code, headers: { 'WWW-Authenticate': 'Bearer' } });
}

async function verify(token: string, typ: 'access' | 'refresh'): Promise<JWTPayload> {
  const config = env();
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, await signingKey(), {
      algorithms: [config.ALGORITHM],
      issuer: config.JWT_ISSUER,
      audience: config.JWT_ISSUER,
      requiredClaims: REQUIRED,
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw unauthorized('The token has expired.', 'token_expired');
    throw unauthorized('The token is invalid.');
  }
  if (payload.typ !== typ) throw unauthorized(`The token is not ${typ === 'access' ? 'an access' : 'a refresh'} token.`);
  if (typeof payload.sid !== 'string' || typeof payload.jti !== 'string' || !/^\d+$/.test(payload.sub ?? '')) {
    throw unauthorized('The token is invalid.');
  }
  return payload;
}

// A client sends the same access token on every request until it refreshes, and WebCrypto's
// HMAC verify was the largest single cost of an authenticated read (bench/reads profile; figures
// in bench/README.md). A token jose accepted once under the current
// key is remembered with its claims; what can change with time (exp, nbf) is checked again on
// every use, and the session behind it is still read from the database on every request, so a
// revoked session's token is refused at once as before. Bounded: the oldest entry goes first.
const VERIFIED_TOKENS_MAX = 10_000;
let verifiedTokens: { key: Promise<CryptoKey>; claims: Map<string, AccessClaims & { nbf: number; exp: number }> } | undefined;

function rememberedClaims(token: string, key: Promise<CryptoKey>): (AccessClaims & { nbf: number; exp: number }) | undefined {
  if (verifiedTokens?.key !== key) verifiedTokens = { key, claims: new Map() };
  return verifiedTokens.claims.get(token);
}

export async function verifyAccessToken(token: string): Promise<AccessClaims> {
  const key = signingKey();
  const remembered = rememberedClaims(token, key);
  if (remembered) {
    const now = Math.floor(systemNowMs() / 1000);
    // jose's own rules: expired when exp <= now, not yet valid when nbf > now (no clock tolerance)
    if (remembered.exp <= now) throw unauthorized('The token has expired.', 'token_expired');
    if (remembered.nbf > now) throw unauthorized('The token is invalid.');
    return remembered;
  }
  const payload = await verify(token, 'access');
  if (!Array.isArray(payload.scope)) throw unauthorized('The token is invalid.');
  const claims = payload as unknown as AccessClaims & { nbf: number; exp: number };
  const cache = verifiedTokens!.claims;
  if (cache.size >= VERIFIED_TOKENS_MAX) cache.delete(cache.keys().next().value!);
  cache.set(token, claims);
  return claims;
}

export async function verifyRefreshToken(token: string): Promise<RefreshClaims> {
  const payload = await verify(token, 'refresh');
  if (typeof payload.fam !== 'string') throw unauthorized('The token is invalid.');
  return payload as unknown as RefreshClaims;
}
