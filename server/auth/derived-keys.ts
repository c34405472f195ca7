import { hkdfSync } from 'node:crypto';
import { env } from '../env';

// Separate keys for separate purposes, all derived from SECRET_KEY with HKDF, so no stored
// secret is protected by the JWT signing key itself.
const cache = new Map<string, Buffer>();

export type KeyPurpose =
  'totp-secret-box' | 'backup-code-hmac' | 'idp-client-secret' | 'sso-code-verifier' | 'provider-token-box' | 'webhook-secret-box' | 'refresh-successor-box';

export function derivedKey(purpose: KeyPurpose): Buffer {
  const secret = env().SECRET_KEY;
  const cacheKey = `${purpose}:${secret}`;
  let key = cache.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'stride', purpose, 32));
    cache.set(cacheKey, key);
  }
  return key;
}
