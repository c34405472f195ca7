import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { segmentEfforts, segments } from '@/db/schema';
import { now } from '@/server/clock';
import { getSegmentOrThrow, segmentNotFound } from './get-segment-or-throw';
import { queueSegmentMatch } from './queue-segment-match';
import type { SegmentResponse, UpdateSegmentInput } from './schemas';
import { lineOfPolyline } from './segment-line-of-input';

/**
 * CONTRACT: Explorer, goals, gear components, segments: PATCH /segments/{id}. A new line or sport
 * drops the efforts and has the history matched again by the job; a new name changes nothing else.
 */
export async function updateSegment(db: Db, userId: number, segmentId: number, input: UpdateSegmentInput): Promise<SegmentResponse> {
  const line = input.polyline === undefined ? null : lineOfPolyline(input.polyline);
  const rematch = line !== null || input.sport !== undefined;
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(segments)
      .set({
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.sport === undefined ? {} : { sport: input.sport }),
        ...(line
          ? { polyline: line.polyline, distance: line.distance, minLat: line.minLat, minLon: line.minLon, maxLat: line.maxLat, maxLon: line.maxLon }
          : {}),
        ...(rematch ? { matcherVersion: 0 } : {}),
        updatedAt: now(),
      })
      .where(and(eq(segments.id, segmentId), eq(segments.userId, userId)))
      .returning({ id: segments.id });
    if (row && rematch) await tx.delete(segmentEfforts).where(eq(segmentEfforts.segmentId, segmentId));
    return row;
  });
  if (!updated) throw segmentNotFound();
  if (rematch) await queueSegmentMatch(db, userId);
  return getSegmentOrThrow(db, userId, segmentId);
}
