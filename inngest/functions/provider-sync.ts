import { jobFunction } from './job-function';

export const providerSyncFunction = jobFunction('provider_sync');
