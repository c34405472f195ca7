import { now } from '@/server/clock';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { executeInline } from '@/db/pglite-inline';
import { prepareOnServer } from '@/db/pglite-prepared';
import { preparedPerDatabase } from '@/db/prepared';
import { activities, activityHrZones, users } from '@/db/schema';
import type { ActivityDerived } from '@/server/events/activity-created';
import { estimatedMaxHeartRate, hrZonesFromBpmSeconds } from './hr-zones';

const figureColumns = {
  start: activities.startTime,
  maxHr: users.maxHeartRate,
  // as text on both engines: PGlite's own reading of a date is a Date
  birthdate: sql<string | null>`${users.birthdate}::text`,
};

// read after every stored activity with heart rate
const figuresOf = preparedPerDatabase((db) =>
  prepareOnServer<{ start: Date; maxHr: number | null; birthdate: string | null }>(
    db,
    'hr_zone_figures',
    db
      .select(figureColumns)
      .from(activities)
      .innerJoin(users, eq(users.id, activities.userId))
      .where(eq(activities.id, sql.placeholder('activityId'))),
    Object.keys(figureColumns),
  ),
);

/**
 * activity.created subscriber: seconds in each of five zones, from the user's max_heart_rate,
 * else 220 − age from the birthdate, else nothing (no zones for this activity). The seconds per bpm
 * come from the ingesting worker, so only the user's figures are read here, not the streams.
 */
export async function computeActivityHrZones(db: Db, activityId: number, derived: ActivityDerived): Promise<void> {
  if (!derived.hrSecondsByBpm) return;
  const [found] = await figuresOf(db).execute({ activityId });
  if (!found) return;
  const max = found.maxHr ?? (found.birthdate ? estimatedMaxHeartRate(found.birthdate, found.start) : null);
  if (!max) return;
  const zones = hrZonesFromBpmSeconds(derived.hrSecondsByBpm, max);
  const upsert = db
    .insert(activityHrZones)
    .values({ activityId, maxHeartRate: max, zones })
    .onConflictDoUpdate({ target: activityHrZones.activityId, set: { maxHeartRate: max, zones, createdAt: now() } });
  await executeInline(db, upsert.getSQL());
}
