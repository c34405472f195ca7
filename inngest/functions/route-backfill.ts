import { jobFunction } from './job-function';

export const routeBackfillFunction = jobFunction('route_backfill');
