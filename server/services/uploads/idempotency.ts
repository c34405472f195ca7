import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { uploadIdempotency } from '@/db/schema';
import { AppError } from '@/server/errors';
import type { UploadedActivityResponse } from '../activities/schemas';

// CONTRACT: Activities: an Idempotency-Key replays the first answer for the same user and bytes;
// the same key with other bytes is 409.

const conflict = () => new AppError('conflict', { detail: 'This Idempotency-Key was already used for a different file.' });

/** The activities the first upload under (user, key) stored, or null; 409 when it was for other bytes. */
export async function replayUpload(db: Db | Tx, userId: number, key: string, sha256: string): Promise<UploadedActivityResponse[] | null> {
  const [found] = await db
    .select()
    .from(uploadIdempotency)
    .where(and(eq(uploadIdempotency.userId, userId), eq(uploadIdempotency.key, key)));
  if (!found) return null;
  if (found.sha256 !== sha256) throw conflict();
  // answers recorded before uploads named the duplicated activity say none
  return (found.response as UploadedActivityResponse[]).map((a) => ({ ...a, duplicate_of: a.duplicate_of ?? null }));
}

/** Records the stored activities inside the storing transaction; false when another request got there first. */
export async function recordUploadAnswer(tx: Tx, userId: number, key: string, sha256: string, activities: UploadedActivityResponse[]): Promise<boolean> {
  const rows = await tx
    .insert(uploadIdempotency)
    .values({ userId, key, sha256, response: activities })
    .onConflictDoNothing()
    .returning({ key: uploadIdempotency.key });
  return rows.length > 0;
}
