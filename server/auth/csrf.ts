import { randomBytes } from 'node:crypto';
import { sha256Hex } from './hash';

// A web session's CSRF token: random, shown to the client once per login/refresh, stored hashed.
export function newCsrfToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256Hex(token) };
}
