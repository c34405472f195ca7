import type { Db, Tx } from '@/db/client';
import { publishActivityCreated } from '@/server/events/activity-created';
import type { ParsedActivity } from '@/server/formats';
import type { PreparedActivity } from '@/server/services/ingestion/prepare-activity';
import { activityCreatedSubscribers } from './activity-created-subscribers';
import { insertParsedActivities, type ActivityOrigin, type InsertedActivity } from './insert-parsed-activities';

// The one ingestion pipeline (upload, archive import, provider sync): parsed activities are stored
// in one transaction (activity, laps, streams; dedup and the hidden duplicate start under the
// per-user lock), then activity.created is published.

export interface IngestOptions {
  /** more writes that must commit or roll back with the activities (the upload's idempotency record) */
  inTransaction?: (tx: Tx, inserted: InsertedActivity[]) => Promise<void>;
  /**
   * CONTRACT: Events: subscribers run on the worker that stored the activity. Jobs wait for them
   * (true); the request path answers first and lets them run after (false).
   */
  awaitSubscribers: boolean;
}

export async function ingestActivities(
  db: Db,
  userId: number,
  parsed: (ParsedActivity | PreparedActivity)[],
  origin: ActivityOrigin,
  options: IngestOptions,
): Promise<InsertedActivity[]> {
  const inserted = await db.transaction(async (tx) => {
    const rows = await insertParsedActivities(tx, userId, parsed, origin);
    await options.inTransaction?.(tx, rows);
    return rows;
  });
  const delivered = publishActivityCreated(
    db,
    inserted.map(({ row, duplicateStartTime, derived }) => ({
      activity_id: row.id,
      user_id: userId,
      source: origin.source,
      duplicate_start_time: duplicateStartTime,
      derived,
    })),
    activityCreatedSubscribers,
  );
  if (options.awaitSubscribers) await delivered;
  return inserted;
}
