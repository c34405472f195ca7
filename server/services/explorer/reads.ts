import { answerOf, defineRead } from '../reads/define-read';
import { getExplorerSummary } from './get-explorer-summary';
import { explorerSummaryInput, explorerSummaryResponse } from './schemas';

// The explorer summary (GET /explorer/summary, tRPC explorer.summary), kept per version of the
// caller's activities: the square and cluster search over every visited tile runs once per
// change, not per read. Tiles stored after an upload or by the backfill raise that version
// (store-activity-tiles.ts).

/** new_this_year follows today (the year's start in the profile's time zone) */
export const explorerSummaryRead = defineRead({
  name: 'explorer-summary',
  input: explorerSummaryInput,
  response: explorerSummaryResponse,
  byUser: async (db, userId, input) => answerOf(await getExplorerSummary(db, userId, input.zoom)),
  keep: { dependsOnToday: true },
});
