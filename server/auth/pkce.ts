import { createHash } from 'node:crypto';
import { safeEqual } from './hash';

// RFC 7636: S256 only; verifier 43–128 unreserved characters; challenge = BASE64URL(SHA256(verifier)).
export const CODE_VERIFIER_FORMAT = /^[A-Za-z0-9\-._~]{43,128}$/;
export const CODE_CHALLENGE_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export function verifierMatches(verifier: string, challenge: string): boolean {
  return safeEqual(challengeOf(verifier), challenge);
}
