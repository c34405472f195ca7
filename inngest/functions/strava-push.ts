import { jobFunction } from './job-function';

export const stravaPushFunction = jobFunction('strava_push');
