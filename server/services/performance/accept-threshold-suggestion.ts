import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { thresholdSuggestions } from '@/db/schema';
import { validationError } from '@/server/errors';
import { createThreshold } from '../training-load/create-threshold';
import { listThresholds } from '../training-load/list-thresholds';
import { createThresholdInput, type ThresholdResponse } from '../training-load/schemas';
import { thresholdsOn } from '../training-load/thresholds-on';
import { noSuchSuggestion } from './threshold-suggestion-record';

// Suggested thresholds (issue 52): accepting one writes a dated entry from its day,
// the figures in effect that day with the suggested ones in their place (an entry replaces every
// figure from its day on, so the others are carried over); createThreshold then recomputes every
// load by its job. The suggestion is closed once the entry is written (accepting twice at once
// writes the same entry twice, which replaces itself).

export async function acceptThresholdSuggestion(db: Db, userId: number, suggestionId: number): Promise<ThresholdResponse> {
  const open = and(eq(thresholdSuggestions.id, suggestionId), eq(thresholdSuggestions.userId, userId), eq(thresholdSuggestions.status, 'open'));
  const [row] = await db.select().from(thresholdSuggestions).where(open);
  if (!row) throw noSuchSuggestion();
  const inEffect = thresholdsOn(await listThresholds(db, userId), row.effectiveFrom);
  const parsed = createThresholdInput.safeParse({
    effective_from: row.effectiveFrom,
    max_hr: row.maxHr ?? inEffect?.max_hr ?? null,
    resting_hr: inEffect?.resting_hr ?? null,
    lthr: inEffect?.lthr ?? null,
    ftp: row.ftp ?? inEffect?.ftp ?? null,
    threshold_pace: row.thresholdPace ?? inEffect?.threshold_pace ?? null,
  });
  // the figures in effect may not hold with the suggested ones (an lthr above a lowered max is impossible; a refusal says so)
  if (!parsed.success)
    throw validationError(
      parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
      'The suggested thresholds do not fit the entry in effect.',
    );
  const entry = await createThreshold(db, userId, parsed.data);
  await db.update(thresholdSuggestions).set({ status: 'accepted' }).where(eq(thresholdSuggestions.id, suggestionId));
  return entry;
}
