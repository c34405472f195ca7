import { answerOf, byIdInput, defineRead } from '../reads/define-read';
import { getExplorerSummary } from './get-explorer-summary';
import { listExplorerTiles } from './list-explorer-tiles';
import { listNewTiles } from './list-new-tiles';
import { explorerSummaryInput, explorerSummaryResponse, explorerTilesInput, explorerTilesResponse, newTilesResponse } from './schemas';

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

/** the visited tiles in a box: not kept, one answer per map view */
export const explorerTilesRead = defineRead({
  name: 'explorer-tiles',
  input: explorerTilesInput,
  response: explorerTilesResponse,
  byUser: async (db, userId, input) => answerOf(await listExplorerTiles(db, userId, input)),
});

/** the tiles an activity visited first: not kept, one answer per activity */
export const newTilesRead = defineRead({
  name: 'new-tiles',
  input: byIdInput,
  response: newTilesResponse,
  byUser: async (db, userId, input) => answerOf(await listNewTiles(db, userId, input.id)),
});
