import type { HealthWeightRow } from '@/db/schema';
import { bodyCompositionFromRow } from './body-composition';
import type { WeightResponse } from './schemas';

/** created_at (and its alias date) is the day of the entry (yyyy-MM-dd), as it was posted. */
export function weightRecord(row: HealthWeightRow): WeightResponse {
  return {
    id: row.id,
    user_id: row.userId,
    weight: row.weight,
    created_at: row.day,
    date: row.day,
    ...bodyCompositionFromRow(row),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type WeightRecord = WeightResponse;
