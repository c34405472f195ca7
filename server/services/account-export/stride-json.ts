import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { gearComponents, gears, goals, healthWeights, notifications, users } from '@/db/schema';
import type { ExportActivity } from './list-export-activities';
import { strideSummary } from './stride-summary';
import { bodyCompositionFromRow } from '../weight/body-composition';

// stride.json: what Strava's layout has no place for (README "Account export"). Bump the version
// on any change an importer must know about. Never anything secret: the user fields are chosen
// one by one, never a whole row (no password hash, TOTP secret, backup codes, keys, sessions).
export const STRIDE_JSON_VERSION = 2;

export async function strideJson(db: Db, userId: number, rows: ExportActivity[], exportedAt: Date) {
  const [user] = await db
    .select({
      username: users.username,
      name: users.name,
      email: users.email,
      preferredUnits: users.preferredUnits,
      timezone: users.timezone,
      maxHeartRate: users.maxHeartRate,
      birthdate: users.birthdate,
    })
    .from(users)
    .where(eq(users.id, userId));
  const gearRows = await db.select().from(gears).where(eq(gears.userId, userId)).orderBy(asc(gears.id));
  const weights = await db.select().from(healthWeights).where(eq(healthWeights.userId, userId)).orderBy(asc(healthWeights.day));
  const componentRows = await db.select().from(gearComponents).where(eq(gearComponents.userId, userId)).orderBy(asc(gearComponents.id));
  const goalRows = await db.select().from(goals).where(eq(goals.userId, userId)).orderBy(asc(goals.id));
  const notes = await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id));
  return {
    format: 'stride-account-export',
    version: STRIDE_JSON_VERSION,
    exported_at: exportedAt.toISOString(),
    profile: user && {
      username: user.username,
      name: user.name,
      email: user.email,
      preferred_units: user.preferredUnits,
      timezone: user.timezone,
      max_heart_rate: user.maxHeartRate,
      birthdate: user.birthdate,
    },
    activities: await Promise.all(
      rows.map(async (a) => ({
        activity_id: a.id,
        filename: a.filename,
        start_time: a.startTime.toISOString(),
        name: a.name,
        description: a.description,
        activity_type: a.activityType,
        activity_type_source: a.activityTypeSource,
        visibility: a.visibility,
        is_hidden: a.isHidden,
        exclude_from_records: a.excludeFromRecords,
        gear: a.gearNickname,
        source: a.source,
        provider_activity_id: a.providerActivityId,
        photos: a.media.map((m) => m.name),
        // without an original the importer takes the figures from here: an activity with no file
        // (Filename empty) is rebuilt from them, one exported as a GPX of its streams keeps them
        summary: a.file === 'original' ? undefined : await strideSummary(db, a),
      })),
    ),
    gear: gearRows.map((g) => ({
      nickname: g.nickname,
      gear_type: g.gearType,
      brand: g.brand,
      model: g.model,
      active: g.active,
      provider_gear_id: g.providerGearId,
      // CONTRACT: Explorer, goals, gear components, segments; due_notified_at keeps an announced part from being announced again after an import
      components: componentRows
        .filter((c) => c.gearId === g.id)
        .map((c) => ({
          name: c.name,
          kind: c.kind,
          installed_at: c.installedAt.toISOString(),
          retired_at: c.retiredAt?.toISOString() ?? null,
          expected_distance: c.expectedDistance,
          expected_time: c.expectedTime,
          due_notified_at: c.dueNotifiedAt?.toISOString() ?? null,
        })),
    })),
    goals: goalRows.map((g) => ({ period: g.period, metric: g.metric, type: g.activityType, target: g.target, reached_period: g.reachedPeriod })),
    weights: weights.map((w) => ({ day: w.day, weight: w.weight, ...bodyCompositionFromRow(w) })),
    notifications: notes.map((n) => ({ kind: n.kind, activity_id: n.activityId, message: n.message, read: n.read, created_at: n.createdAt.toISOString() })),
  };
}

export type StrideJson = Awaited<ReturnType<typeof strideJson>>;
