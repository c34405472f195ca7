import { jobFunction } from './job-function';

export const figuresBackfillFunction = jobFunction('figures_backfill');
