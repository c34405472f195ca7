import { readKeptPerVersion } from '../sessions/read-kept-per-version';
import { getExplorerSummary } from './get-explorer-summary';
import type { ExplorerSummaryInput } from './schemas';

// The explorer summary for the caller's session, kept per version of their activities (REST and
// tRPC): the square and cluster search over every visited tile runs once per change, not per read.
// Tiles stored after an upload or by the backfill raise that version (store-activity-tiles.ts).

/** new_this_year follows today (the year's start in the profile's time zone) */
export const keptExplorerSummary = readKeptPerVersion(
  'explorer-summary',
  (db, userId, input: ExplorerSummaryInput) => getExplorerSummary(db, userId, input.zoom),
  {
    dependsOnToday: true,
  },
);
