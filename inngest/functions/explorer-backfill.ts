import { jobFunction } from './job-function';

export const explorerBackfillFunction = jobFunction('explorer_backfill');
