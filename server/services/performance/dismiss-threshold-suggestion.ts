import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { thresholdSuggestions } from '@/db/schema';
import { noSuchSuggestion } from './threshold-suggestion-record';

/** Suggested thresholds (issue 52): closes an open suggestion without an entry. */
export async function dismissThresholdSuggestion(db: Db, userId: number, suggestionId: number): Promise<void> {
  const closed = await db
    .update(thresholdSuggestions)
    .set({ status: 'dismissed' })
    .where(and(eq(thresholdSuggestions.id, suggestionId), eq(thresholdSuggestions.userId, userId), eq(thresholdSuggestions.status, 'open')))
    .returning({ id: thresholdSuggestions.id });
  if (!closed.length) throw noSuchSuggestion();
}
