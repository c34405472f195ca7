import { jobFunction } from './job-function';

export const archiveImportFunction = jobFunction('archive_import');
