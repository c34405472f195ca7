import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { healthWeights } from '@/db/schema';
import { bodyCompositionColumns, bodyCompositionOf } from './body-composition';
import type { CreateWeightInput } from './schemas';
import { weightRecord, type WeightRecord } from './weight-record';

/**
 * CONTRACT: one entry per user and day; a second post for the same day replaces it (upsert): the
 * weight and the body composition it carries (a field it leaves out is cleared).
 */
export async function createWeight(db: Db, userId: number, input: CreateWeightInput): Promise<WeightRecord> {
  const values = { weight: input.weight, ...bodyCompositionColumns(bodyCompositionOf(input)) };
  const [row] = await db
    .insert(healthWeights)
    .values({ userId, day: input.created_at, ...values })
    .onConflictDoUpdate({ target: [healthWeights.userId, healthWeights.day], set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return weightRecord(row!);
}
