import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import { segments, type SegmentRow } from '@/db/schema';
import { SEGMENT_MATCHER_VERSION } from '@/server/formats/segments/match-segment';
import { familyOfSql } from '../efforts/sport-families-sql';
import { matchStoredActivities } from './match-stored-activities';

// CONTRACT: Explorer, goals, gear components, segments: a new or edited segment is matched against
// the whole history. The prefilter is the stored routes' boxes (activity_routes): only activities
// whose recorded track's box meets the segment's (and of its sport) have their dense track read.
// An activity stored before routes existed has none until the route backfill reaches it: it is
// matched on its stream unfiltered (the matcher reads the dense track anyway), so none is missed.

/** The user's next segment whose history is not matched by this matcher, and the activities to match it on. */
export async function nextStaleSegment(db: Db, userId: number): Promise<{ segment: SegmentRow; activityIds: number[] } | null> {
  const [segment] = await db
    .select()
    .from(segments)
    .where(and(eq(segments.userId, userId), lt(segments.matcherVersion, SEGMENT_MATCHER_VERSION)))
    .orderBy(asc(segments.id))
    .limit(1);
  if (!segment) return null;
  const candidates = await selectRows<{ id: number }>(
    db,
    sql`select a.id from activities a left join activity_routes r on r.activity_id = a.id
      where a.user_id = ${userId}
        and ((r.min_lat <= ${segment.maxLat} and r.max_lat >= ${segment.minLat} and r.min_lon <= ${segment.maxLon} and r.max_lon >= ${segment.minLon})
          or (r.activity_id is null and exists (select 1 from activity_streams s where s.activity_id = a.id and s.lat is not null)))
        ${segment.sport === null ? sql`` : sql`and ${familyOfSql(sql`a.activity_type`)} = ${segment.sport}`}
      order by a.id`,
  );
  return { segment, activityIds: candidates.map((c) => c.id) };
}

/** One batch of a segment's history: its efforts on those activities, written over. */
export async function matchSegmentBatch(db: Db, userId: number, segmentId: number, activityIds: number[]): Promise<number> {
  const [segment] = await db
    .select()
    .from(segments)
    .where(and(eq(segments.id, segmentId), eq(segments.userId, userId)));
  if (!segment) return 0;
  return (await matchStoredActivities(db, userId, [segment], activityIds)).length;
}

/**
 * The segment's history is matched: its version is this matcher's, unless its line changed since
 * the job took it (an edit made it stale again, and the job takes it once more).
 */
export async function markSegmentMatched(db: Db, segmentId: number, polyline: string): Promise<void> {
  await db
    .update(segments)
    .set({ matcherVersion: SEGMENT_MATCHER_VERSION })
    .where(and(eq(segments.id, segmentId), eq(segments.polyline, polyline)));
}
