import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { thresholdSuggestions } from '@/db/schema';
import type { ThresholdSuggestionResponse } from './schemas';
import { thresholdSuggestionRecord } from './threshold-suggestion-record';

/** Suggested thresholds (issue 52): the caller's open suggestions, oldest first. */
export async function listThresholdSuggestions(db: Db, userId: number): Promise<ThresholdSuggestionResponse[]> {
  const rows = await db
    .select()
    .from(thresholdSuggestions)
    .where(and(eq(thresholdSuggestions.userId, userId), eq(thresholdSuggestions.status, 'open')))
    .orderBy(asc(thresholdSuggestions.createdAt), asc(thresholdSuggestions.id));
  return rows.map(thresholdSuggestionRecord);
}
