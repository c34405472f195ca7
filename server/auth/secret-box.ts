import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { derivedKey, type KeyPurpose } from './derived-keys';

// Secrets at rest (TOTP secrets, IdP client secrets, pending SSO verifiers, Strava tokens):
// AES-256-GCM under a key of their own purpose, "v1.<iv>.<tag>.<ciphertext>" in base64url.
type BoxPurpose = Exclude<KeyPurpose, 'backup-code-hmac'>;

export function sealSecret(plaintext: string, purpose: BoxPurpose = 'totp-secret-box'): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function openSecret(sealed: string, purpose: BoxPurpose = 'totp-secret-box'): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', derivedKey(purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
