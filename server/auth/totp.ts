import { systemNowMs } from '@/server/clock';
import { generateSecret, generateURI, verify } from 'otplib';

// RFC 6238 defaults (SHA-1, 6 digits, 30 s) for authenticator-app compatibility; one step of
// clock drift either way.
const DRIFT_SECONDS = 30;
const TOTP_FORMAT = /^\d{6}$/;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, accountName: string, issuer = 'Stride'): string {
  return generateURI({ issuer, label: accountName, secret });
}

export function looksLikeTotp(code: string): boolean {
  return TOTP_FORMAT.test(code);
}

/**
 * Returns the time step the code matched, or null. `afterStep` refuses a code whose step is not
 * newer than the last accepted one, so each code is accepted once (no replay in its window).
 */
export async function verifyTotp(secret: string, code: string, afterStep: number | null, now = systemNowMs()): Promise<number | null> {
  if (!looksLikeTotp(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now / 1000),
    epochTolerance: DRIFT_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  }).catch(() => ({ valid: false as const }));
  // the TOTP strategy's result carries the matched time step
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
