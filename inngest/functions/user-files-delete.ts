import { jobFunction } from './job-function';

export const userFilesDeleteFunction = jobFunction('user_files_delete');
