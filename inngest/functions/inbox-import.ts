import { jobFunction } from './job-function';

export const inboxImportFunction = jobFunction('inbox_import');
