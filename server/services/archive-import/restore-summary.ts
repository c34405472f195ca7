import { insertChunks } from '@/db/insert-chunks';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activityLaps, activityStreams } from '@/db/schema';
import { STREAM_CHANNEL_NAMES, STREAM_CHANNELS } from '../account-export/stream-channels';
import type { StrideActivity } from './stride-json-schema';
import { summaryLaps } from './summary-figures';

/**
 * An activity that travelled as a GPX of its streams: re-reading that GPX derives channels it never
 * held (distance, speed) and no laps, so the channels it did not hold are dropped and its laps are
 * put back from stride.json.
 */
export async function restoreStreamsAndLaps(db: Db, activityId: number, summary: NonNullable<StrideActivity['summary']>): Promise<void> {
  const held = summary.streams;
  if (held) {
    const dropped = STREAM_CHANNEL_NAMES.filter((name) => !held.includes(name));
    if (dropped.length)
      await db
        .update(activityStreams)
        .set(Object.fromEntries(dropped.map((name) => [STREAM_CHANNELS[name], null])))
        .where(eq(activityStreams.activityId, activityId));
  }
  if (summary.laps) {
    const laps = summaryLaps(summary);
    await db.transaction(async (tx) => {
      await tx.delete(activityLaps).where(eq(activityLaps.activityId, activityId));
      for (const chunk of insertChunks(laps.map((lap, lapIndex) => ({ activityId, lapIndex, ...lap })))) await tx.insert(activityLaps).values(chunk);
    });
  }
}
