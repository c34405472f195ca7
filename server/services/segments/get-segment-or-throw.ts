import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { segments } from '@/db/schema';
import { AppError } from '@/server/errors';
import { listSegments } from './list-segments';
import type { SegmentResponse } from './schemas';

export const segmentNotFound = () => new AppError('not_found', { detail: 'No such segment.' });

/** One of the caller's segments; another user's is a 404 like a missing one (segments are private). */
export async function getSegmentOrThrow(db: Db, userId: number, segmentId: number): Promise<SegmentResponse> {
  const [found] = await listSegments(db, userId, {}, eq(segments.id, segmentId));
  if (!found) throw segmentNotFound();
  return found;
}
