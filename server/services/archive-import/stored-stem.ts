import { createHash } from 'node:crypto';

/**
 * The same file name for the same entry of the same job's export, whichever run of the job writes
 * it: a job replayed after a kill between writing a file and committing its row overwrites that
 * file instead of leaving an orphan beside a new one. `fileKey` names the job and export.
 */
export const storedStem = (fileKey: string, entry: string) => createHash('sha256').update(`${fileKey}\0${entry}`).digest('hex').slice(0, 32);
