import { jobFunction } from './job-function';

export const loadRecomputeFunction = jobFunction('load_recompute');
