import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, gears, notifications } from '@/db/schema';
import { nicknameKey } from '../gear/nickname-key';
import type { ImportSession } from './import-session';
import { restoreStreamsAndLaps } from './restore-summary';
import { stravaIdOf } from './strava-id';
import { summaryFigures } from './summary-figures';
import { stravaDedupKey } from '../strava/sync/strava-sync-range';

// Last step of a Stride export's import, once every activity is matched or created: what the
// Strava layout cannot carry exactly (our activity type and where it came from, visibility, the
// hidden flag, gear of any type by nickname, the stored figures, stream channels and laps of an
// activity exported as a GPX of its streams) and the notifications' read state. Applied only to
// the activities this job created, so a second import, which creates nothing, changes nothing,
// and edits made since the first import are never overwritten.

const CHUNK = 500;

export interface AppliedStride {
  activities: number;
  notifications: number;
}

export async function applyStrideJson(db: Db, userId: number, session: ImportSession, job: { label: string; initiatedAt: string }): Promise<AppliedStride> {
  const data = session.stride.data;
  if (!data) return { activities: 0, notifications: 0 };
  const gearIds = new Map((await db.select({ id: gears.id, key: gears.nicknameKey }).from(gears).where(eq(gears.userId, userId))).map((g) => [g.key, g.id]));
  const created = new Map<number, number>();
  for (let from = 0; from < data.activities.length; from += CHUNK) {
    const byKey = new Map(data.activities.slice(from, from + CHUNK).map((a) => [stravaDedupKey(stravaIdOf(session, a.activity_id).id), a]));
    const rows = await db
      .select({ id: activities.id, key: activities.dedupKey, record: activities.importRecord })
      .from(activities)
      .where(and(eq(activities.userId, userId), inArray(activities.dedupKey, [...byKey.keys()])));
    for (const row of rows) {
      const entry = byKey.get(row.key!);
      if (!entry || row.record?.initiated_at !== job.initiatedAt || row.record?.label !== job.label) continue;
      created.set(entry.activity_id, row.id);
      await db
        .update(activities)
        .set({
          ...(entry.name ? { name: entry.name } : {}),
          description: entry.description,
          activityType: entry.activity_type,
          activityTypeSource: entry.activity_type_source,
          visibility: entry.visibility,
          isHidden: entry.is_hidden,
          excludeFromRecords: entry.exclude_from_records,
          gearId: entry.gear ? (gearIds.get(nicknameKey(entry.gear)) ?? null) : null,
          ...(entry.summary && entry.filename ? summaryFigures(entry.summary) : {}),
          version: sql`${activities.version} + 1`,
        })
        .where(eq(activities.id, row.id));
      if (entry.filename && entry.summary) await restoreStreamsAndLaps(db, row.id, entry.summary);
    }
  }
  let read = 0;
  for (const note of data.notifications) {
    const activityId = note.activity_id == null ? undefined : created.get(note.activity_id);
    if (!note.read || activityId === undefined) continue;
    const marked = await db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, note.kind), eq(notifications.activityId, activityId), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    read += marked.length;
  }
  return { activities: created.size, notifications: read };
}
