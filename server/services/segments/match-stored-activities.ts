import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityStreams, segmentEfforts, segments, type SegmentRow } from '@/db/schema';
import { decodePolyline } from '@/server/formats/route/decode-polyline';
import { matchSegment, SEGMENT_MATCHER_VERSION } from '@/server/formats/segments/match-segment';
import { matchTrack } from '@/server/formats/segments/match-track';
import { segmentShape } from '@/server/formats/segments/segment-shape';
import { mayPass, trackIndex } from '@/server/formats/segments/track-index';
import { sportFamily } from '../efforts/sport-families';

// The one place efforts are written: the given segments matched on the given activities (their
// stored dense tracks), and the efforts of exactly those pairs replaced in one transaction, so a
// batch run twice (a replayed job step, the after-store match racing a history match) writes the
// same rows once.

/** What the matcher reads of a segment. */
export type MatchedSegment = Pick<SegmentRow, 'id' | 'sport' | 'polyline'>;

/** Matches `segmentRows` on the user's activities `activityIds`; returns the ids of the efforts written. */
export async function matchStoredActivities(db: Db, userId: number, segmentRows: MatchedSegment[], activityIds: number[]): Promise<number[]> {
  if (!segmentRows.length || !activityIds.length) return [];
  const tracks = await db
    .select({
      id: activities.id,
      type: activities.activityType,
      start: activities.startTime,
      time: activityStreams.time,
      lat: activityStreams.lat,
      lon: activityStreams.lon,
      distance: activityStreams.distance,
      heartRate: activityStreams.heartRate,
      power: activityStreams.power,
    })
    .from(activities)
    .innerJoin(activityStreams, eq(activityStreams.activityId, activities.id))
    .where(and(eq(activities.userId, userId), inArray(activities.id, activityIds)));
  const shapes = segmentRows.map((row) => ({ row, shape: segmentShape(decodePolyline(row.polyline)) }));
  const rows: (typeof segmentEfforts.$inferInsert)[] = [];
  for (const stored of tracks) {
    const track = matchTrack({ ...stored, activityType: stored.type });
    if (!track) continue;
    const family = sportFamily(stored.type);
    // the track's steps in a grid: a segment whose start or end it never comes near is not followed
    const index = shapes.length > 1 ? trackIndex(track) : null;
    for (const { row, shape } of shapes) {
      if (!shape || (row.sport !== null && row.sport !== family) || (index && !mayPass(index, shape))) continue;
      for (const pass of matchSegment(shape, track)) {
        rows.push({
          segmentId: row.id,
          activityId: stored.id,
          startIndex: pass.startIndex,
          endIndex: pass.endIndex,
          startTime: new Date(stored.start.getTime() + Math.round(pass.startOffset * 1000)),
          elapsedTime: pass.elapsedTime,
          movingTime: pass.movingTime,
          averageSpeed: pass.averageSpeed,
          averageHr: pass.averageHr,
          averagePower: pass.averagePower,
          matcherVersion: SEGMENT_MATCHER_VERSION,
        });
      }
    }
  }
  return db.transaction(async (tx) => {
    await tx.delete(segmentEfforts).where(
      and(
        inArray(
          segmentEfforts.segmentId,
          segmentRows.map((s) => s.id),
        ),
        inArray(segmentEfforts.activityId, activityIds),
      ),
    );
    if (!rows.length) return [];
    // a segment deleted meanwhile takes no rows (and none can be deleted until this commits); only
    // the segments with a pass are locked: locking a row writes it
    const alive = new Set(
      (
        await tx
          .select({ id: segments.id })
          .from(segments)
          .where(inArray(segments.id, [...new Set(rows.map((r) => r.segmentId))]))
          .for('share')
      ).map((r) => r.id),
    );
    const kept = rows.filter((r) => alive.has(r.segmentId));
    if (!kept.length) return [];
    return (await tx.insert(segmentEfforts).values(kept).returning({ id: segmentEfforts.id })).map((w) => w.id);
  });
}
