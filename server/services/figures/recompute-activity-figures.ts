import { now } from '@/server/clock';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { activities, activityLaps, activityStreams, type ManifestFigureName } from '@/db/schema';
import { ACTIVITY_FIELDS, pickFields, type ActivityFieldValues } from '@/server/activity-fields';
import { acceptedName, isInvalidFile } from '@/server/formats';
import { FIGURES_ALGORITHM_VERSION } from '@/server/formats/figures-version';
import { withRecordNormalizedPower } from '@/server/formats/metrics/training-load';
import { originalAbsolutePath } from '@/server/stored-files/originals';
import { computeActivityHrZones } from '../activities/compute-activity-hr-zones';
import { createActivityThumbnail } from '../activities/create-activity-thumbnail';
import { showsBestEfforts } from '../efforts/sport-families';
import { listStaleEffortActivities, recomputeActivityEfforts } from '../efforts/recompute-activity-efforts';
import { storeEffortsOfActivities } from '../efforts/store-activity-efforts';
import { storeActivityTiles } from '../explorer/store-activity-tiles';
import { insertLapsAndStreams } from '../ingestion/insert-parsed-activities';
import { prepareActivityFileOffThread } from '../ingestion/parse-off-thread';
import type { PreparedActivity } from '../ingestion/prepare-activity';
import { storeActivityRoute } from '../routes/store-activity-route';
import { loadContext, loadOn, writeLoadInputs, type LoadContext } from '../training-load/write-activity-loads';

// CONTRACT: Real history and hand-made activities: "Changing any of these rules bumps the algorithm
// version of what it touches: the backfill jobs recompute every stored activity". An activity whose
// figures an older FIGURES_ALGORITHM_VERSION made is read again from its kept original and its
// figures, laps and streams written over, then what ingest derives from them (efforts, load, route,
// tiles, heart-rate zones, thumbnail). What the owner set stays: name, description, visibility,
// hidden, exclusion from records, gear, a type that was not our guess, the manifest's figures.

/** Files read at once: two of the pool's workers, so uploads arriving meanwhile still find one. */
const PARSING_AT_ONCE = 2;

const stale = sql`${activities.originalPath} is not null and ${activities.figuresVersion} < ${FIGURES_ALGORITHM_VERSION}`;

/** The users with an activity to read again (one `user_id` column), for queueBackfillsOf. */
export const staleFigureUsers = sql`select distinct user_id from activities where original_path is not null and figures_version < ${FIGURES_ALGORITHM_VERSION}`;

/** Ids of a user's activities whose figures an older algorithm made and whose original is kept, oldest first. */
export async function listStaleFigureActivities(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.userId, userId), stale))
    .orderBy(activities.id);
  return rows.map((r) => r.id);
}

/** Manifest figures (wire names) as the activity fields they keep, the end time following the elapsed time. */
const MANIFEST_FIELDS: Record<ManifestFigureName, (keyof ActivityFieldValues)[]> = {
  total_elapsed_time: ['totalElapsedTime', 'endTime'],
  moving_time: ['movingTime'],
  distance: ['distance'],
  elevation_gain: ['elevationGain'],
};

export interface RecomputedFigures {
  rewritten: number;
  /** deleted meanwhile, already current, or an original no longer stored or no longer readable */
  skipped: number;
}

/**
 * Reads the given activities of the user again from their originals and writes their figures over.
 * Each is written in a transaction of its own, so a replayed batch finds the ones done current and
 * leaves them. An original missing or refused by today's parser keeps its figures and is marked
 * current: reading it again would give nothing new.
 */
export async function recomputeActivityFigures(db: Db, userId: number, activityIds: number[]): Promise<RecomputedFigures> {
  if (!activityIds.length) return { rewritten: 0, skipped: 0 };
  const rows = await db
    .select({ id: activities.id, startTime: activities.startTime, originalPath: activities.originalPath, originalFilename: activities.originalFilename })
    .from(activities)
    .where(and(eq(activities.userId, userId), inArray(activities.id, activityIds), stale))
    .orderBy(activities.id);
  const context = await loadContext(db, userId);
  let rewritten = 0;
  const unreadable: number[] = [];
  for (let start = 0; start < rows.length; start += PARSING_AT_ONCE) {
    const group = rows.slice(start, start + PARSING_AT_ONCE);
    const read = await Promise.all(group.map((row) => readAgain(row.originalPath!, row.originalFilename, row.startTime)));
    for (const [i, fresh] of read.entries()) {
      const { id } = group[i]!;
      if (!fresh) {
        unreadable.push(id);
        continue;
      }
      if (await db.transaction((tx) => rewriteFigures(tx, userId, id, fresh, context))) {
        rewritten++;
        await computeActivityHrZones(db, id, fresh.derived);
        await createActivityThumbnail(db, id, fresh.derived);
      }
    }
  }
  if (unreadable.length) {
    await db
      .update(activities)
      .set({ figuresVersion: FIGURES_ALGORITHM_VERSION })
      .where(and(eq(activities.userId, userId), inArray(activities.id, unreadable)));
    // the efforts backfill leaves activities of stale figures to this job: these keep their streams
    const staleEfforts = new Set(await listStaleEffortActivities(db, userId));
    await recomputeActivityEfforts(
      db,
      userId,
      unreadable.filter((id) => staleEfforts.has(id)),
    );
  }
  return { rewritten, skipped: activityIds.length - rewritten };
}

/** The kept original read by today's parser: the activity of the file that starts nearest the stored one; null when it cannot be read. */
async function readAgain(originalPath: string, originalFilename: string | null, startTime: Date): Promise<PreparedActivity | null> {
  const path = originalAbsolutePath(originalPath);
  if (!(await stat(path).catch(() => null))) return null;
  let parsed: PreparedActivity[];
  try {
    // the stored name keeps the accepted extension (.fit, .gpx, .tcx, .gz) whatever the upload was
    // called, and says how it is kept: a GPX or TCX sent plain is kept gzipped (stored-files/originals.ts)
    parsed = await prepareActivityFileOffThread(path, acceptedName(path) || !originalFilename ? basename(path) : originalFilename);
  } catch (error) {
    if (isInvalidFile(error)) return null;
    throw error;
  }
  const gap = (a: PreparedActivity) => Math.abs(a.startTime.getTime() - startTime.getTime());
  return parsed.reduce((best, a) => (gap(a) < gap(best) ? a : best));
}

/** One activity's figures, laps, streams, efforts, load, route and tiles written over; false when it is gone or current already. */
async function rewriteFigures(tx: Tx, userId: number, activityId: number, fresh: PreparedActivity, context: LoadContext): Promise<boolean> {
  // read under a row lock, so an edit of the type meanwhile is either seen here or made after
  const [row] = await tx
    .select({
      startTime: activities.startTime,
      activityType: activities.activityType,
      activityTypeSource: activities.activityTypeSource,
      importRecord: activities.importRecord,
      movingTime: activities.movingTime,
      distance: activities.distance,
    })
    .from(activities)
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId), stale))
    .for('update');
  if (!row) return false;
  // a type the owner chose, or a file's or manifest's, stays; only our guess is guessed again
  const guessed = row.activityTypeSource === 'inferred';
  const activityType = guessed ? fresh.activityType : row.activityType;
  const activityTypeSource = guessed ? fresh.activityTypeSource : row.activityTypeSource;
  const kept = (row.importRecord?.figures_from_manifest ?? []).flatMap((name) => MANIFEST_FIELDS[name]);
  const movingTime = kept.includes('movingTime') ? row.movingTime : fresh.movingTime;
  const distance = kept.includes('distance') ? row.distance : fresh.distance;
  // CONTRACT: … Training load: one NP per activity (the record's), the load under the thresholds of its day
  const inputs = withRecordNormalizedPower(fresh.derived.loadInputs, fresh.normalizedPower);
  const load = loadOn(context, row.startTime, inputs, { runFamily: showsBestEfforts(activityType), movingTime, distance });
  const figures: Partial<ActivityFieldValues> = pickFields(ACTIVITY_FIELDS, { ...fresh, ...load });
  for (const field of kept) delete figures[field];
  await tx
    .update(activities)
    .set({
      ...figures,
      activityType,
      activityTypeSource,
      hasStreams: fresh.streams !== null,
      figuresVersion: FIGURES_ALGORITHM_VERSION,
      version: sql`${activities.version} + 1`,
      updatedAt: now(),
    })
    .where(eq(activities.id, activityId));
  await tx.delete(activityLaps).where(eq(activityLaps.activityId, activityId));
  await tx.delete(activityStreams).where(eq(activityStreams.activityId, activityId));
  await insertLapsAndStreams(tx, activityId, fresh);
  await storeEffortsOfActivities(tx, userId, [{ activityId, efforts: fresh.derived.efforts }]);
  await writeLoadInputs(tx, userId, [{ activityId, inputs }]);
  await storeActivityRoute(tx, activityId, fresh.derived.route);
  await storeActivityTiles(tx, userId, [{ activityId, tiles: fresh.derived.tiles }]);
  return true;
}
