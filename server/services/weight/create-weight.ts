import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { healthWeights } from '@/db/schema';
import type { CreateWeightInput } from './schemas';
import { weightRecord, type WeightRecord } from './weight-record';

/** CONTRACT: one entry per user and day; a second post for the same day replaces it (upsert). */
export async function createWeight(db: Db, userId: number, input: CreateWeightInput): Promise<WeightRecord> {
  const [row] = await db
    .insert(healthWeights)
    .values({ userId, day: input.created_at, weight: input.weight })
    .onConflictDoUpdate({ target: [healthWeights.userId, healthWeights.day], set: { weight: input.weight, updatedAt: sql`now()` } })
    .returning();
  return weightRecord(row!);
}
