import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The embedded default needs no set-up: on an empty data directory `npm start` generates a
// 256-bit key and keeps it beside the database. Only for the embedded database: several
// instances sharing PostgreSQL must be given one SECRET_KEY explicitly.

export const SECRET_KEY_FILE = 'secret_key';

export function readSecretKeyFile(dataDir: string): string | undefined {
  const file = join(dataDir, SECRET_KEY_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/**
 * Creates the key file when the data directory is new. Returns true when a key was generated.
 * A data directory that already holds data but no key is left alone: a new key would make the
 * stored secrets (TOTP seeds, sessions) unreadable, so start-up reports SECRET_KEY missing.
 */
export function ensureSecretKeyFile(dataDir: string): boolean {
  if (readSecretKeyFile(dataDir) !== undefined) return false;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, SECRET_KEY_FILE), randomBytes(32).toString('base64url') + '\n', { mode: 0o600 });
  return true;
}
