import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureSecretKeyFile, readSecretKeyFile } from './process-claim/secret-key-file';
import { ConfigError, parseEnv } from './env';

const SECRET = 'a'.repeat(32);

describe('parseEnv: CONTRACT "Configuration" defaults are the spec constants', () => {
  it('fills every default', () => {
    const env = parseEnv({ SECRET_KEY: SECRET });
    expect(env).toMatchObject({
      ACCESS_TOKEN_EXPIRE_MINUTES: 15,
      REFRESH_TOKEN_EXPIRE_DAYS: 7,
      ALGORITHM: 'HS256',
      SESSION_IDLE_TIMEOUT_ENABLED: false,
      SESSION_IDLE_TIMEOUT_HOURS: 1,
      SESSION_ABSOLUTE_TIMEOUT_HOURS: 24,
      FRONTEND_PROTOCOL: 'http',
      ALLOWED_REDIRECT_SCHEMES: [],
      ALLOW_API_KEY_QUERY_PARAM: false,
      REFRESH_REUSE_GRACE_SECONDS: 30,
      PKCE_SESSION_TTL_SECONDS: 600,
      OAUTH_STATE_TTL_SECONDS: 600,
      MFA_PENDING_TTL_SECONDS: 300,
      RATE_LIMIT_ENABLED: true,
      TRUSTED_PROXIES: [],
      DATA_DIR: './data',
      PORT: 3000,
      PUBLIC_URL: 'http://localhost:3000',
      MAX_UPLOAD_BYTES: 50 * 1024 * 1024,
    });
  });

  it('reads lists and booleans', () => {
    const env = parseEnv({ SECRET_KEY: SECRET, TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8', ALLOW_API_KEY_QUERY_PARAM: 'true', RATE_LIMIT_ENABLED: 'false' });
    expect(env.TRUSTED_PROXIES).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(env.ALLOW_API_KEY_QUERY_PARAM).toBe(true);
    expect(env.RATE_LIMIT_ENABLED).toBe(false);
  });

  it.each([
    [{ SECRET_KEY: 'short' }, 'SECRET_KEY'],
    [{ SECRET_KEY: SECRET, ACCESS_TOKEN_EXPIRE_MINUTES: 'ten' }, 'ACCESS_TOKEN_EXPIRE_MINUTES'],
    [{ SECRET_KEY: SECRET, ALGORITHM: 'none' }, 'ALGORITHM'],
    [{ SECRET_KEY: SECRET, FRONTEND_PROTOCOL: 'ftp' }, 'FRONTEND_PROTOCOL'],
    [{ SECRET_KEY: SECRET, RATE_LIMIT_ENABLED: 'maybe' }, 'RATE_LIMIT_ENABLED'],
    [{ SECRET_KEY: SECRET, DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ SECRET_KEY: SECRET, UPSTASH_REDIS_REST_URL: 'http://127.0.0.1:8079' }, 'UPSTASH_REDIS_REST_TOKEN'],
  ])('a bad value stops start-up with one line naming the variable (%j)', (raw, variable) => {
    let error: unknown;
    try {
      parseEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'env-')), ...raw });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as Error).message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    expect((error as Error).message).not.toContain('\n');
  });

  it('SECRET_KEY missing on an embedded data directory without a key file is named', () => {
    expect(() => parseEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'env-')) })).toThrow(/SECRET_KEY is required/);
  });
});

describe('the embedded default generates its secret key once', () => {
  it('creates a 256-bit key with mode 0600 on an empty data directory, and parseEnv reads it', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'env-')), 'data');
    expect(ensureSecretKeyFile(dir)).toBe(true);
    const key = readSecretKeyFile(dir)!;
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect(statSync(join(dir, 'secret_key')).mode & 0o777).toBe(0o600);
    expect(ensureSecretKeyFile(dir)).toBe(false);
    expect(readSecretKeyFile(dir)).toBe(key);
    expect(parseEnv({ DATA_DIR: dir }).SECRET_KEY).toBe(key);
  });

  it('never generates a key beside existing data (stored secrets would become unreadable)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'env-'));
    writeFileSync(join(dir, 'something'), 'x');
    expect(ensureSecretKeyFile(dir)).toBe(false);
    expect(readSecretKeyFile(dir)).toBeUndefined();
  });
});
