import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { healthWeights } from '@/db/schema';
import { now } from '@/server/clock';
import { validationError } from '@/server/errors';
import { localDay } from '@/server/util/local-day';
import { bodyCompositionColumns, bodyCompositionOf } from './body-composition';
import type { CreateWeightInput } from './schemas';
import { weightRecord, type WeightRecord } from './weight-record';

/** The zone where a day starts first: a day after its today has not begun anywhere. */
const EARLIEST_ZONE = 'Pacific/Kiritimati';

/**
 * CONTRACT: one entry per user and day; a second post for the same day replaces it (upsert): the
 * weight and the body composition it carries (a field it leaves out is cleared). A day that has not
 * begun anywhere on earth yet is refused (422, issue 50: a weight of 2030).
 */
export async function createWeight(db: Db, userId: number, input: CreateWeightInput): Promise<WeightRecord> {
  if (input.created_at > localDay(now(), EARLIEST_ZONE)) {
    throw validationError([{ field: '/created_at', message: 'created_at must not be in the future' }]);
  }
  const values = { weight: input.weight, ...bodyCompositionColumns(bodyCompositionOf(input)) };
  const [row] = await db
    .insert(healthWeights)
    .values({ userId, day: input.created_at, ...values })
    .onConflictDoUpdate({ target: [healthWeights.userId, healthWeights.day], set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return weightRecord(row!);
}
