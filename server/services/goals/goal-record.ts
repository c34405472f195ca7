import type { GoalRow } from '@/db/schema';
import type { GoalResponse } from './schemas';

export function goalRecord(row: GoalRow): GoalResponse {
  return { id: row.id, period: row.period, metric: row.metric, type: row.activityType, target: row.target };
}
