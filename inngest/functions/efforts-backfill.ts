import { jobFunction } from './job-function';

export const effortsBackfillFunction = jobFunction('efforts_backfill');
