import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { segments } from '@/db/schema';
import { segmentNotFound } from './get-segment-or-throw';

/** DELETE /segments/{id}: the segment and its efforts (cascade). */
export async function deleteSegment(db: Db, userId: number, segmentId: number): Promise<void> {
  const deleted = await db
    .delete(segments)
    .where(and(eq(segments.id, segmentId), eq(segments.userId, userId)))
    .returning({ id: segments.id });
  if (!deleted.length) throw segmentNotFound();
}
