import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { healthWeights } from '@/db/schema';
import { AppError } from '@/server/errors';

export async function deleteWeight(db: Db, userId: number, weightId: number): Promise<void> {
  const rows = await db
    .delete(healthWeights)
    .where(and(eq(healthWeights.id, weightId), eq(healthWeights.userId, userId)))
    .returning({ id: healthWeights.id });
  if (!rows.length) throw new AppError('not_found', { detail: 'No such weight entry.' });
}
