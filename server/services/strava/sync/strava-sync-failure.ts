import type { Db } from '@/db/client';
import { AppError } from '@/server/errors';
import { StravaFetchFailed, StravaUnauthorized } from '@/server/strava/strava-api-client';
import { markStravaReconnectNeeded } from '../fresh-strava-access-token';

/**
 * Runs one sync step and turns Strava's failures into the job outcomes the spec lists (Errors:
 * 424 for a provider auth failure, reconnect needed, and for a provider fetch failure).
 */
export async function withStravaFailures<T>(db: Db, userId: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StravaUnauthorized) {
      await markStravaReconnectNeeded(db, userId);
      throw new AppError('failed_dependency', { code: 'provider_auth_failed', detail: 'Strava refused access: reconnect Strava in Settings.', cause: error });
    }
    if (error instanceof StravaFetchFailed) throw new AppError('failed_dependency', { detail: error.message, cause: error });
    throw error;
  }
}
