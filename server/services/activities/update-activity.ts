import { now } from '@/server/clock';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, type ActivityRow } from '@/db/schema';
import { AppError } from '@/server/errors';
import { assertOwnGear } from './assert-own-gear';
import { announceDueComponents } from '../gear-components/announce-due-components';
import { announceReachedGoals } from '../goals/announce-reached-goals';
import { log } from '@/server/log/logger';
import { queueWebhookEvent } from '../webhooks/queue-webhook-event';
import { activityNotFound, getActivityOrThrow } from './get-activity-or-throw';
import { recomputeActivityLoad } from '../training-load/recompute-activity-loads';
import type { ExpectedVersion, UpdateActivityInput } from './schemas';

/**
 * CONTRACT: PATCH with optimistic concurrency. One UPDATE … WHERE id, user_id (and version when
 * expected) … RETURNING: of two concurrent edits with the same version exactly one matches.
 */
export async function updateActivity(db: Db, userId: number, activityId: number, input: UpdateActivityInput, expected: ExpectedVersion): Promise<ActivityRow> {
  await assertOwnGear(db, userId, input.gear_id);
  const set: Partial<typeof activities.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description;
  if (input.activity_type !== undefined) {
    // A type a person chose is no longer the file's or our guess.
    set.activityType = input.activity_type;
    set.activityTypeSource = 'user';
  }
  if (input.visibility !== undefined) set.visibility = input.visibility;
  if (input.is_hidden !== undefined) set.isHidden = input.is_hidden;
  if (input.exclude_from_records !== undefined) set.excludeFromRecords = input.exclude_from_records;
  if (input.gear_id !== undefined) set.gearId = input.gear_id;
  const conditions = [eq(activities.id, activityId), eq(activities.userId, userId)];
  if (typeof expected === 'number') conditions.push(eq(activities.version, expected));
  const [row] = await db
    .update(activities)
    .set({ ...set, version: sql`${activities.version} + 1`, updatedAt: now() })
    .where(and(...conditions))
    .returning();
  if (row) {
    // its load under the new type (the pace-based load is the run family's); efforts are stored for
    // every type and shown by it, so records and ranks follow the new type as they are read
    const reloaded =
      input.activity_type !== undefined && (await recomputeActivityLoad(db, userId, activityId)) ? await getActivityOrThrow(db, userId, activityId) : row;
    await queueWebhookEvent(db, userId, 'activity.updated', { activity_id: activityId });
    // a new type, gear or visibility may reach a goal or a component's life; the edit stands whatever happens there
    try {
      if (input.activity_type !== undefined || input.is_hidden !== undefined) await announceReachedGoals(db, userId);
      if (input.gear_id !== undefined) await announceDueComponents(db, userId);
    } catch (error) {
      log().error({ err: error, activity_id: activityId }, 'could not announce goals or components');
    }
    return reloaded;
  }
  const [exists] = await db
    .select({ version: activities.version })
    .from(activities)
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId)));
  if (!exists) throw activityNotFound();
  throw new AppError('precondition_failed', { detail: `The activity has changed: its version is now ${exists.version}, not ${String(expected)}.` });
}
