import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activityLaps } from '@/db/schema';
import { ACTIVITY_FIELDS, LAP_FIELDS, toWire } from '@/server/activity-fields';
import type { ExportActivity } from './list-export-activities';

/**
 * The stored figures and laps of an activity exported without its original, SI as stored: a GPX
 * of the streams carries neither, and an activity with no file at all is rebuilt from these.
 */
export async function strideSummary(db: Db, a: ExportActivity) {
  const laps = await db.select().from(activityLaps).where(eq(activityLaps.activityId, a.id)).orderBy(asc(activityLaps.lapIndex));
  return {
    ...toWire(ACTIVITY_FIELDS, a),
    streams: a.streamChannels ? a.streamChannels.split(',') : [],
    laps: laps.map((l) => toWire(LAP_FIELDS, l)),
  };
}
