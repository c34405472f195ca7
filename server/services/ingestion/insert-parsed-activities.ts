import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { isEmbedded, type Db, type Tx } from '@/db/client';
import { insertChunks } from '@/db/insert-chunks';
import { executeInline, insertReturningInline } from '@/db/pglite-inline';
import { activities, activityLaps, activityStreams, type ActivityImportRecord, type ActivityRow, type VISIBILITIES } from '@/db/schema';
import { ACTIVITY_FIELDS, LAP_FIELDS, pickFields } from '@/server/activity-fields';
import type { ActivityTypeSource, ParsedActivity } from '@/server/formats';
import { prepareActivity, storedStreamTexts, type PreparedActivity } from '@/server/services/ingestion/prepare-activity';
import { insertEffortsOfNewActivities } from '../efforts/store-activity-efforts';
import { loadContext, loadOn, writeLoadInputs } from '../training-load/write-activity-loads';
import { defaultActivityName } from '../activities/default-activity-name';
import { showsBestEfforts } from '../efforts/sport-families';
import { withRecordNormalizedPower } from '@/server/formats/metrics/training-load';
import { FIGURES_ALGORITHM_VERSION } from '@/server/formats/figures-version';

// The one writer of new activities (upload, provider sync, archive import): the activity, its laps
// and its streams, inside the caller's transaction. Callers publish activity.created after commit.

// Any constant: with the user id it names the per-user lock that orders duplicate detection.
export const USER_ACTIVITY_LOCK = 7301;

export interface ActivityOrigin {
  source: 'upload' | 'strava' | 'import' | 'manual';
  originalPath?: string | null;
  originalFilename?: string | null;
  /** per parsed activity (same index); provider sync and the manifest of an archive set these */
  overrides?: ActivityOverrides[];
}

export interface ActivityOverrides {
  name?: string | null;
  description?: string | null;
  activityType?: string;
  /** Where `activityType` came from; a provider's or manifest's type counts as "file" unless said. */
  activityTypeSource?: ActivityTypeSource;
  gearId?: number | null;
  /** a hand-made activity's chosen visibility; otherwise the column's default (private) */
  visibility?: (typeof VISIBILITIES)[number];
  providerActivityId?: number | null;
  importRecord?: ActivityImportRecord | null;
  dedupKey?: string | null;
  /** an archive import stores several files in one transaction: each activity names its own */
  originalPath?: string | null;
  originalFilename?: string | null;
}

export interface InsertedActivity {
  row: ActivityRow;
  /** what the activity.created subscribers would otherwise derive from the stored streams */
  derived: PreparedActivity['derived'];
  /** spec: "An activity that starts at the same time as an existing one is marked hidden" */
  duplicateStartTime: boolean;
}

/**
 * Another activity of the user starting in the same whole second, as a condition the activity's
 * own insert evaluates: one statement fewer per activity than a select before it. On PostgreSQL it
 * runs after the per-user lock (a statement of its own), so it sees every activity committed before.
 */
function startsLikeAnother(tx: Tx | Db, userId: number, start: Date): SQL {
  const from = new Date(Math.floor(start.getTime() / 1000) * 1000);
  const to = new Date(from.getTime() + 1000);
  const found = tx
    .select({ one: sql`1` })
    .from(activities)
    .where(and(eq(activities.userId, userId), gte(activities.startTime, from), lt(activities.startTime, to)))
    .limit(1);
  return sql`exists (${found.getSQL()})`;
}

export async function insertParsedActivities(
  tx: Tx | Db,
  userId: number,
  parsed: (ParsedActivity | PreparedActivity)[],
  origin: ActivityOrigin,
): Promise<InsertedActivity[]> {
  // files and synced Strava activities come prepared by a pool worker; the rest have no streams
  const prepared = parsed.map((a) => ('derived' in a ? a : prepareActivity(a)));
  // Serializes a user's inserts so two concurrent copies of one file cannot both look unique
  // (PGlite serializes whole transactions already).
  if (!isEmbedded(tx)) await tx.execute(sql`select pg_advisory_xact_lock(${USER_ACTIVITY_LOCK}, ${userId})`);
  const inserted: InsertedActivity[] = [];
  const context = prepared.length ? await loadContext(tx, userId) : null;
  for (const [index, activity] of prepared.entries()) {
    const extra = origin.overrides?.[index] ?? {};
    // CONTRACT: … Training load: "computed … at ingest from the thresholds in effect", with one NP
    // per activity (the record's: the device's when it wrote one)
    activity.derived.loadInputs = withRecordNormalizedPower(activity.derived.loadInputs, activity.normalizedPower);
    const load = loadOn(context!, activity.startTime, activity.derived.loadInputs, {
      runFamily: showsBestEfforts(extra.activityType ?? activity.activityType),
      movingTime: activity.movingTime,
      distance: activity.distance,
    });
    const insert = tx
      .insert(activities)
      .values({
        userId,
        name: extra.name?.trim() || activity.name?.trim() || defaultActivityName(activity.activityType, activity.startTime, activity.timezone),
        description: extra.description ?? null,
        activityType: extra.activityType ?? activity.activityType,
        activityTypeSource: extra.activityType ? (extra.activityTypeSource ?? 'file') : activity.activityTypeSource,
        startTime: activity.startTime,
        ...pickFields(ACTIVITY_FIELDS, { ...activity, ...load }),
        isHidden: startsLikeAnother(tx, userId, activity.startTime),
        gearId: extra.gearId ?? null,
        ...(extra.visibility ? { visibility: extra.visibility } : {}),
        source: origin.source,
        providerActivityId: extra.providerActivityId ?? null,
        importRecord: extra.importRecord ?? null,
        dedupKey: extra.dedupKey ?? null,
        hasStreams: activity.streams !== null,
        originalPath: extra.originalPath ?? origin.originalPath ?? null,
        originalFilename: extra.originalFilename ?? origin.originalFilename ?? null,
        figuresVersion: FIGURES_ALGORITHM_VERSION,
      })
      .returning();
    const [row] = await insertReturningInline(tx, activities, insert);
    await insertLapsAndStreams(tx, row!.id, activity);
    inserted.push({ row: row!, duplicateStartTime: row!.isHidden, derived: activity.derived });
  }
  await insertEffortsOfNewActivities(
    tx,
    userId,
    inserted.map(({ row, derived }) => ({ activityId: row.id, efforts: derived.efforts })),
  );
  // what the parse worker measured, for later threshold changes (the load itself is in the row, and
  // its day's sum in activity_days)
  await writeLoadInputs(
    tx,
    userId,
    inserted.map(({ row, derived }) => ({ activityId: row.id, inputs: derived.loadInputs })),
  );
  return inserted;
}

/** An activity's laps and streams (already in their stored form), inserted; its new rows at ingest, or again after the figures backfill removed the old. */
export async function insertLapsAndStreams(tx: Tx | Db, activityId: number, activity: PreparedActivity): Promise<void> {
  // Thousands of laps take several statements; the last goes with the streams
  const lapChunks = insertChunks(
    activity.laps.map((lap, lapIndex) => ({
      activityId,
      lapIndex,
      ...pickFields(LAP_FIELDS, lap),
    })),
  );
  for (const chunk of lapChunks.slice(0, -1)) await executeInline(tx, tx.insert(activityLaps).values(chunk).getSQL());
  const laps = lapChunks.length > 0 && tx.insert(activityLaps).values(lapChunks.at(-1)!);
  let streams = null;
  if (activity.streams) {
    // already in the stored form: sql`` hands the text to the driver past the column's encoder
    const texts = storedStreamTexts(activity.streams);
    const text = (name: keyof typeof texts) => (texts[name] === null ? null : sql`${texts[name]}`);
    streams = tx.insert(activityStreams).values({
      activityId,
      time: text('time')!,
      lat: text('lat'),
      lon: text('lon'),
      distance: text('distance'),
      altitude: text('altitude'),
      heartRate: text('heart_rate'),
      cadence: text('cadence'),
      power: text('power'),
      speed: text('speed'),
      temperature: text('temperature'),
    });
  }
  // laps and streams in one statement: on PGlite every statement is a round trip on the event
  // loop, and the streams' text is sent past PGlite's protocol writer (db/pglite-inline.ts)
  if (laps && streams) await executeInline(tx, sql`with laps as (${laps.getSQL()}) ${streams.getSQL()}`);
  else if (laps || streams) await executeInline(tx, (laps || streams)!.getSQL());
}
