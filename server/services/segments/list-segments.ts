import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { segments } from '@/db/schema';
import { parseBbox } from '../routes/parse-bbox';
import type { ListSegmentsInput, SegmentResponse } from './schemas';
import { segmentRecord } from './segment-record';

// CONTRACT: Explorer, goals, gear components, segments: GET /segments, the caller's own (segments are
// private to their owner), those whose box meets `bbox`, of one sport; oldest first.

/** The fastest effort and the count, over activities neither hidden nor excluded from records. */
const effortStats = {
  effortCount: sql<number>`(select count(*)::integer from segment_efforts e join activities a on a.id = e.activity_id
    where e.segment_id = segments.id and not a.is_hidden and not a.exclude_from_records)`,
  bestElapsedTime: sql<number | null>`(select min(e.elapsed_time) from segment_efforts e join activities a on a.id = e.activity_id
    where e.segment_id = segments.id and not a.is_hidden and not a.exclude_from_records)`,
};

export async function listSegments(db: Db, userId: number, input: ListSegmentsInput = {}, only?: SQL): Promise<SegmentResponse[]> {
  const box = input.bbox === undefined ? null : parseBbox(input.bbox);
  const rows = await db
    .select({ row: segments, ...effortStats })
    .from(segments)
    .where(
      and(
        eq(segments.userId, userId),
        input.sport ? eq(segments.sport, input.sport) : undefined,
        box
          ? and(lte(segments.minLon, box.maxLon), gte(segments.maxLon, box.minLon), lte(segments.minLat, box.maxLat), gte(segments.maxLat, box.minLat))
          : undefined,
        only,
      ),
    )
    .orderBy(asc(segments.id));
  return rows.map(({ row, effortCount, bestElapsedTime }) =>
    segmentRecord(row, { effortCount: Number(effortCount), bestElapsedTime: bestElapsedTime === null ? null : Number(bestElapsedTime) }),
  );
}
