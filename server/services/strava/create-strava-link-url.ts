import { randomBytes } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { stravaLinkStates } from '@/db/schema';
import { sha256Hex } from '@/server/auth/hash';
import { env } from '@/server/env';
import { now } from '@/server/clock';
import { stravaAuthorizationUrl } from '@/server/strava/strava-oauth';

export interface StravaLinkStart {
  authorizationUrl: string;
  /** the transport binds it to the browser with a cookie (CONTRACT: Strava, changed 2026-11-25) */
  state: string;
}

/**
 * CONTRACT: Strava: the authorize URL with a single-use state bound to the user, valid for
 * OAUTH_STATE_TTL_SECONDS (10 minutes). Only the state's SHA-256 is stored.
 */
export async function createStravaLinkUrl(db: Db, userId: number): Promise<StravaLinkStart> {
  const state = randomBytes(32).toString('base64url');
  const at = now();
  const url = stravaAuthorizationUrl(state);
  // states nobody came back with are dropped here rather than by a sweeper
  await db.delete(stravaLinkStates).where(lt(stravaLinkStates.expiresAt, at));
  await db.insert(stravaLinkStates).values({
    stateHash: sha256Hex(state),
    userId,
    createdAt: at,
    expiresAt: new Date(at.getTime() + env().OAUTH_STATE_TTL_SECONDS * 1000),
  });
  return { authorizationUrl: url.toString(), state };
}
