import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { ingestActivities } from '../ingestion/ingest-activities';
import { recordUploadAnswer, replayUpload } from '../uploads/idempotency';
import { activityRecord } from './activity-record';
import { assertOwnGear } from './assert-own-gear';
import { manualActivity } from './manual-activity';
import type { ActivityResponse, CreateManualActivityInput } from './schemas';

export interface ManualActivityResult {
  activity: ActivityResponse;
  /** the answer of an earlier request under the same Idempotency-Key */
  replayed: boolean;
}

/** Thrown inside the transaction when a concurrent request recorded the same key first. */
class KeyTakenMeanwhile extends Error {}

/** The request's identity for Idempotency-Key: the same fields in any order are the same request. */
function fingerprint(input: CreateManualActivityInput): string {
  const sorted = Object.fromEntries(Object.entries(input).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256')
    .update(`manual:${JSON.stringify(sorted)}`)
    .digest('hex');
}

const asRecord = ({ duplicate_of: _, ...activity }: ActivityResponse & { duplicate_of?: unknown }): ActivityResponse => activity;

/**
 * CONTRACT: Real history and hand-made activities: Hand-made activities. `POST /activities`: the
 * figures through the one ingestion pipeline (`source: manual`, no streams), its load from the
 * thresholds in effect; an Idempotency-Key replays like uploads (another body under it is 409).
 */
export async function createManualActivity(
  db: Db,
  userId: number,
  input: CreateManualActivityInput,
  idempotencyKey?: string | null,
): Promise<ManualActivityResult> {
  const sha256 = fingerprint(input);
  if (idempotencyKey) {
    const earlier = await replayUpload(db, userId, idempotencyKey, sha256);
    if (earlier?.[0]) return { activity: asRecord(earlier[0]), replayed: true };
  }
  await assertOwnGear(db, userId, input.gear_id);
  const [owner] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
  const prepared = manualActivity({
    name: input.name,
    activityType: input.activity_type,
    startTime: new Date(input.start_time),
    timezone: input.timezone ?? owner?.timezone ?? null,
    totalElapsedTime: input.total_elapsed_time,
    movingTime: input.moving_time,
    distance: input.distance,
    elevationGain: input.elevation_gain,
    averageHr: input.average_hr,
    calories: input.calories,
  });
  let activity: ActivityResponse | null = null;
  try {
    await ingestActivities(
      db,
      userId,
      [prepared],
      {
        source: 'manual',
        overrides: [
          {
            description: input.description ?? null,
            gearId: input.gear_id ?? null,
            visibility: input.visibility,
            activityType: input.activity_type,
            activityTypeSource: 'user',
          },
        ],
      },
      {
        awaitSubscribers: false,
        inTransaction: async (tx, rows) => {
          activity = activityRecord(rows[0]!.row);
          if (idempotencyKey && !(await recordUploadAnswer(tx, userId, idempotencyKey, sha256, [{ ...activity, duplicate_of: null }]))) {
            throw new KeyTakenMeanwhile();
          }
        },
      },
    );
  } catch (error) {
    if (error instanceof KeyTakenMeanwhile && idempotencyKey) {
      const earlier = await replayUpload(db, userId, idempotencyKey, sha256);
      if (earlier?.[0]) return { activity: asRecord(earlier[0]), replayed: true };
    }
    throw error;
  }
  return { activity: activity!, replayed: false };
}
