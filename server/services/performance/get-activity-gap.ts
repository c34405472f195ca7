import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityLaps, activityStreams } from '@/db/schema';
import { flatRatioBetween, kilometreSplits } from '@/server/formats/metrics/gap-splits';
import type { GradeAdjustedTrack } from '@/server/formats/metrics/grade-adjusted-pace';
import { runGapTrack } from '@/server/formats/metrics/run-gap-track';
import { activityNotFound } from '../activities/get-activity-or-throw';
import type { ActivityGapResponse } from './schemas';

// Grade-adjusted pace (issue 52): GET /activities/{id}/gap and the `gap` stream,
// computed on read from the stored streams (a run's page reads them anyway; nothing is stored that
// a model change would have to rewrite).

/** The GAP track of a stored activity's streams (runGapTrack); null outside the run family or without altitude. */
export const gapTrackOf = (type: string, streams: typeof activityStreams.$inferSelect | null): GradeAdjustedTrack | null =>
  streams ? runGapTrack(type, streams) : null;

const round1 = (v: number | null): number | null => (v === null ? null : Math.round(v * 10) / 10);

export async function getActivityGap(db: Db, userId: number, activityId: number): Promise<ActivityGapResponse> {
  const [found] = await db
    .select({ type: activities.activityType, start: activities.startTime, averagePace: activities.averagePace, streams: activityStreams })
    .from(activities)
    .leftJoin(activityStreams, eq(activityStreams.activityId, activities.id))
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId)));
  if (!found) throw activityNotFound();
  const track = gapTrackOf(found.type, found.streams);
  if (!track || !found.streams) return { activity_id: activityId, average_gap: null, laps: [], splits: [] };
  const times = found.streams.time;
  const whole = flatRatioBetween(times, track, -Infinity, Infinity);
  const laps = await db.select().from(activityLaps).where(eq(activityLaps.activityId, activityId)).orderBy(asc(activityLaps.lapIndex));
  const startMs = found.start.getTime();
  return {
    activity_id: activityId,
    average_gap: found.averagePace !== null && whole !== null ? round1(found.averagePace * whole) : null,
    laps: laps.map((lap) => {
      const from = (lap.startTime.getTime() - startMs) / 1000;
      const ratio = lap.totalElapsedTime === null ? null : flatRatioBetween(times, track, from, from + lap.totalElapsedTime);
      const time = lap.totalTimerTime ?? lap.totalElapsedTime;
      const pace = lap.distance && time ? (time / lap.distance) * 1000 : null;
      return { lap_index: lap.lapIndex, pace: round1(pace), gap: round1(pace !== null && ratio !== null ? pace * ratio : null) };
    }),
    splits: kilometreSplits(times, track).map((s) => ({
      split: s.split,
      distance: Math.round(s.distance * 10) / 10,
      elapsed_time: Math.round(s.elapsedTime),
      pace: round1(s.pace)!,
      gap: round1(s.gap)!,
    })),
  };
}
