import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { segments, type JobRow } from '@/db/schema';
import { segmentNotFound } from './get-segment-or-throw';
import { queueSegmentMatch } from './queue-segment-match';

/** POST /segments/{id}/rematch: the segment's history matched again, by the user's segment_match job. */
export async function rematchSegment(db: Db, userId: number, segmentId: number): Promise<JobRow> {
  const found = await db
    .update(segments)
    .set({ matcherVersion: 0 })
    .where(and(eq(segments.id, segmentId), eq(segments.userId, userId)))
    .returning({ id: segments.id });
  if (!found.length) throw segmentNotFound();
  return queueSegmentMatch(db, userId);
}
