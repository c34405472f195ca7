import { generate } from 'otplib';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestEnv } from '../testing/test-env';
import { API_KEY_FORMAT, newApiKey } from './api-key-format';
import { BACKUP_CODE_ALPHABET, backupCodeHmac, newBackupCode, normalizeBackupCode } from './backup-codes';
import { sha256Hex } from './hash';
import { lockoutSecondsFor } from './lockout-policy';
import { challengeOf, CODE_VERIFIER_FORMAT, verifierMatches } from './pkce';
import { openSecret, sealSecret } from './secret-box';
import { newTotpSecret, verifyTotp } from './totp';

beforeEach(() => {
  useTestEnv();
});

describe('PKCE (RFC 7636)', () => {
  it('appendix B: the verifier dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk gives E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', () => {
    expect(challengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(verifierMatches('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
    expect(verifierMatches('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXl', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(false);
  });

  it('verifiers are 43–128 characters of A-Z a-z 0-9 - . _ ~', () => {
    expect(CODE_VERIFIER_FORMAT.test('a'.repeat(43))).toBe(true);
    expect(CODE_VERIFIER_FORMAT.test('a'.repeat(128))).toBe(true);
    expect(CODE_VERIFIER_FORMAT.test('a'.repeat(42))).toBe(false);
    expect(CODE_VERIFIER_FORMAT.test('a'.repeat(129))).toBe(false);
    expect(CODE_VERIFIER_FORMAT.test('a'.repeat(42) + '+')).toBe(false);
    expect(CODE_VERIFIER_FORMAT.test('-._~'.repeat(11))).toBe(true);
  });
});

describe('backup codes (spec "MFA backup codes")', () => {
  it('XXXX-XXXX from uppercase letters and digits without 0, O, 1 and I', () => {
    expect(BACKUP_CODE_ALPHABET).toHaveLength(32);
    expect(BACKUP_CODE_ALPHABET).not.toMatch(/[01OI]/);
    for (let i = 0; i < 500; i++) expect(newBackupCode()).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
  });

  it('normalizes what people type and refuses what cannot be a code', () => {
    expect(normalizeBackupCode('abcd efgh')).toBe('ABCD-EFGH');
    expect(normalizeBackupCode('ABCDEFGH')).toBe('ABCD-EFGH');
    expect(normalizeBackupCode('ABCD-EFG0')).toBeNull();
    expect(normalizeBackupCode('ABCD-EFGHJ')).toBeNull();
  });

  it('is stored as an HMAC under a server key, not a plain hash', () => {
    expect(backupCodeHmac('ABCD-EFGH')).not.toBe(sha256Hex('ABCD-EFGH'));
    expect(backupCodeHmac('ABCD-EFGH')).toBe(backupCodeHmac('ABCD-EFGH'));
  });
});

describe('TOTP (RFC 6238 via otplib)', () => {
  it('accepts the current code once: a replay of its step is refused', async () => {
    const secret = newTotpSecret();
    const now = Date.now();
    const code = await generate({ secret, epoch: Math.floor(now / 1000) });
    const step = await verifyTotp(secret, code, null, now);
    expect(step).toBe(Math.floor(now / 1000 / 30));
    expect(await verifyTotp(secret, code, step, now)).toBeNull();
  });

  it('refuses a wrong code, a malformed one and a code two steps old', async () => {
    const secret = newTotpSecret();
    const now = Date.now();
    expect(await verifyTotp(secret, '12345', null, now)).toBeNull();
    expect(await verifyTotp(secret, 'abcdef', null, now)).toBeNull();
    const old = await generate({ secret, epoch: Math.floor(now / 1000) - 90 });
    expect(await verifyTotp(secret, old, null, now)).toBeNull();
  });

  it('secrets are sealed at rest (AES-GCM) and tampering is detected', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(sealed)).toBe('JBSWY3DPEHPK3PXP');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => openSecret(parts.join('.'))).toThrow();
  });
});

describe('API keys (spec "API key")', () => {
  it('service_ + 43 base64url characters from 256 bits; the prefix is the first 8 of the random part; only SHA-256 kept', () => {
    const { key, prefix, hash } = newApiKey();
    expect(key).toMatch(API_KEY_FORMAT);
    expect(key).toHaveLength(51);
    expect(Buffer.from(key.slice(8), 'base64url')).toHaveLength(32);
    expect(prefix).toBe(key.slice(8, 16));
    expect(hash).toBe(sha256Hex(key));
    expect(newApiKey().key).not.toBe(key);
  });
});

describe('lockout tiers (spec "Progressive lockout")', () => {
  it.each([
    [1, 0],
    [4, 0],
    [5, 300],
    [6, 0],
    [9, 0],
    [10, 1800],
    [11, 0],
    [19, 0],
    [20, 86400],
    [21, 86400],
  ])('failure number %i locks for %i s', (count, seconds) => {
    expect(lockoutSecondsFor(count)).toBe(seconds);
  });
});
