import { randomBytes } from 'node:crypto';
import { sha256Hex } from './hash';

// spec: API key: service_ + 43 base64url characters from 256 random bits; only the SHA-256 hex
// is stored; key_prefix = the first 8 characters of the random part (CONTRACT).
export const API_KEY_FORMAT = /^service_[A-Za-z0-9_-]{43}$/;

export function newApiKey(): { key: string; prefix: string; hash: string } {
  const random = randomBytes(32).toString('base64url');
  const key = `service_${random}`;
  return { key, prefix: random.slice(0, 8), hash: sha256Hex(key) };
}
