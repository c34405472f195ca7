import { and, asc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { healthWeights } from '@/db/schema';
import type { ListWeightsInput } from './schemas';
import { weightRecord, type WeightRecord } from './weight-record';

/** Entries between the dates (both inclusive), oldest first. */
export async function listWeights(db: Db, userId: number, input: ListWeightsInput): Promise<WeightRecord[]> {
  const where: SQL[] = [eq(healthWeights.userId, userId)];
  if (input.start_date) where.push(gte(healthWeights.day, input.start_date));
  if (input.end_date) where.push(lte(healthWeights.day, input.end_date));
  const rows = await db
    .select()
    .from(healthWeights)
    .where(and(...where))
    .orderBy(asc(healthWeights.day));
  return rows.map(weightRecord);
}
