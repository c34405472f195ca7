import { jobFunction } from './job-function';

export const segmentMatchFunction = jobFunction('segment_match');
