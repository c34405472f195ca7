import type { Db } from '@/db/client';
import { StravaUnauthorized } from '@/server/strava/strava-api-client';
import { freshStravaAccessToken } from '../fresh-strava-access-token';
import { unlinkStrava } from '../unlink-strava';
import { pushGet } from './ask-strava';

/**
 * CONTRACT: Beyond the spec … Integrations: an athlete `update` with `authorized: "false"` unlinks
 * only when Strava refuses the owner's token (GET /athlete answers 401, or the refresh token is
 * refused); while the token works the link stays.
 */
export async function unlinkDeauthorized(db: Db, userId: number): Promise<{ unlinked: boolean }> {
  try {
    const token = await freshStravaAccessToken(db, userId);
    if (!token) return { unlinked: false };
    await pushGet<unknown>(token, '/athlete');
    return { unlinked: false };
  } catch (error) {
    if (!(error instanceof StravaUnauthorized)) throw error;
    await unlinkStrava(db, userId);
    return { unlinked: true };
  }
}
