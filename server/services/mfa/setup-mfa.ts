import { systemNow } from '@/server/clock';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { sealSecret } from '@/server/auth/secret-box';
import { newTotpSecret, totpUri } from '@/server/auth/totp';
import { AppError } from '@/server/errors';
import { getUserOrThrow } from '../users/get-user-or-throw';

export interface MfaSetup {
  secret: string;
  otpauthUrl: string;
  qrCodeSvg: string;
}

/** Starts TOTP enrolment: a new secret, kept sealed until `enableMfa` proves the app has it. */
export async function setupMfa(db: Db, userId: number): Promise<MfaSetup> {
  const user = await getUserOrThrow(db, userId);
  if (user.mfaEnabled) throw new AppError('conflict', { detail: 'MFA is already enabled. Disable it first to enrol a new authenticator.' });
  const secret = newTotpSecret();
  await db
    .update(users)
    .set({ mfaSecret: sealSecret(secret), mfaLastStep: null, updatedAt: systemNow() })
    .where(eq(users.id, userId));
  const otpauthUrl = totpUri(secret, user.email ?? user.username);
  const qrCodeSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrCodeSvg };
}
