import type { HealthWeightRow } from '@/db/schema';

/** created_at is the day of the entry (yyyy-MM-dd), as it was posted. */
export function weightRecord(row: HealthWeightRow) {
  return { id: row.id, user_id: row.userId, weight: row.weight, created_at: row.day, updated_at: row.updatedAt.toISOString() };
}

export type WeightRecord = ReturnType<typeof weightRecord>;
