import { jobFunction } from './job-function';

export const accountExportFunction = jobFunction('account_export');
