import { and, asc, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { healthWeights } from '@/db/schema';
import type { ListWeightsInput, WeightPageInput, WeightPageResponse } from './schemas';
import { weightRecord, type WeightRecord } from './weight-record';

function inRange(userId: number, input: ListWeightsInput): SQL | undefined {
  const where: SQL[] = [eq(healthWeights.userId, userId)];
  if (input.start_date) where.push(gte(healthWeights.day, input.start_date));
  if (input.end_date) where.push(lte(healthWeights.day, input.end_date));
  return and(...where);
}

/** Entries between the dates (both inclusive), oldest first. */
export async function listWeights(db: Db, userId: number, input: ListWeightsInput): Promise<WeightRecord[]> {
  const rows = await db.select().from(healthWeights).where(inRange(userId, input)).orderBy(asc(healthWeights.day));
  return rows.map(weightRecord);
}

/** Issue 51: Endurain's paging: newest first, with the number of entries on every page. */
export async function listWeightsPage(db: Db, userId: number, input: WeightPageInput): Promise<WeightPageResponse> {
  const where = inRange(userId, input);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(healthWeights)
      .where(where)
      .orderBy(desc(healthWeights.day))
      .limit(input.num_records)
      .offset((input.page_number - 1) * input.num_records),
    db.select({ total: count() }).from(healthWeights).where(where),
  ]);
  return { total: counted?.total ?? 0, num_records: input.num_records, page_number: input.page_number, records: rows.map(weightRecord) };
}
