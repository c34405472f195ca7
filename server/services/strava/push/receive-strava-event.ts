import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { stravaLinks } from '@/db/schema';
import { env } from '@/server/env';
import { enqueueJob } from '@/server/jobs/enqueue-job';
import { log } from '@/server/log/logger';
import type { StravaPushEvent } from './schemas';

/**
 * CONTRACT: Beyond the spec … Integrations: Strava's event POST is answered at once and the work
 * queued as a strava_push job. Events for an athlete linked to no account, or carrying another
 * subscription id than STRAVA_WEBHOOK_SUBSCRIPTION_ID (when set), are ignored.
 */
export async function receiveStravaEvent(db: Db, event: StravaPushEvent): Promise<{ queued: boolean }> {
  const expectedSubscription = env().STRAVA_WEBHOOK_SUBSCRIPTION_ID;
  if (expectedSubscription !== undefined && event.subscription_id !== expectedSubscription) {
    log().warn({ subscription_id: event.subscription_id }, 'Strava event for another subscription ignored');
    return { queued: false };
  }
  const [link] = await db.select({ userId: stravaLinks.userId }).from(stravaLinks).where(eq(stravaLinks.athleteId, event.owner_id));
  if (!link) return { queued: false };
  await enqueueJob(db, { kind: 'strava_push', userId: link.userId, payload: { userId: link.userId, event } });
  return { queued: true };
}
