import { randomInt } from 'node:crypto';
import { derivedKey } from './derived-keys';
import { hmacSha256Hex } from './hash';

// spec: MFA backup codes: XXXX-XXXX from uppercase letters and digits without 0, O, 1 and I.
export const BACKUP_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const BACKUP_CODES_PER_USER = 10;
const FORMAT = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

export function newBackupCode(): string {
  let raw = '';
  for (let i = 0; i < 8; i++) raw += BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)];
  return `${raw.slice(0, 4)}-${raw.slice(4)}`;
}

/** Accepts what people type: lower case, spaces, a missing hyphen. Null when it cannot be a code. */
export function normalizeBackupCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  const code = compact.length === 8 ? `${compact.slice(0, 4)}-${compact.slice(4)}` : compact;
  return FORMAT.test(code) ? code : null;
}

export function backupCodeHmac(code: string): string {
  return hmacSha256Hex(derivedKey('backup-code-hmac'), code);
}
