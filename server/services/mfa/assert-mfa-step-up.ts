import { systemNow } from '@/server/clock';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { sessions } from '@/db/schema';
import type { AuthContext } from '@/server/auth/auth-context';
import { assertStepUp } from '../users/assert-step-up';

/**
 * A session that signed in this recently has just proven the password: it may set up MFA and
 * regenerate backup codes without typing it again (and the contract's own flow, sign in then
 * enrol, keeps working for clients that send no password).
 */
export const RECENT_SIGN_IN_SECONDS = 300;

/**
 * MFA setup, enable and backup-code regeneration need the current password (step-up),
 * unless the session signed in within RECENT_SIGN_IN_SECONDS. Without it, a stolen session could
 * enrol the thief's authenticator and lock the owner out, or read fresh backup codes. A wrong
 * password counts toward the account's lockout (assertStepUp). Accounts without a password (SSO
 * only) have nothing to prove.
 */
export async function assertMfaStepUp(db: Db, auth: AuthContext, currentPassword: string | undefined, action: string, now = systemNow()): Promise<void> {
  if (currentPassword === undefined && auth.sessionId) {
    const [session] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, auth.sessionId));
    if (session && now.getTime() - session.createdAt.getTime() <= RECENT_SIGN_IN_SECONDS * 1000) return;
  }
  await assertStepUp(db, auth.userId, { current_password: currentPassword }, action, now, { secondFactor: false });
}
