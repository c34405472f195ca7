import type { ThresholdSuggestionRow } from '@/db/schema';
import { AppError } from '@/server/errors';
import type { ThresholdSuggestionResponse } from './schemas';

/** A suggestion as its wire record (REST, tRPC and the webhook's data). */
export const thresholdSuggestionRecord = (row: ThresholdSuggestionRow): ThresholdSuggestionResponse => ({
  id: row.id,
  activity_id: row.activityId,
  effective_from: row.effectiveFrom,
  ftp: row.ftp,
  threshold_pace: row.thresholdPace,
  max_hr: row.maxHr,
  created_at: row.createdAt.toISOString(),
});

/** Another user's, an unknown or a closed suggestion. */
export const noSuchSuggestion = () => new AppError('not_found', { detail: 'No such open threshold suggestion.' });
