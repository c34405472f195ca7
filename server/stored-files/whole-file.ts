import { rm } from 'node:fs/promises';

/**
 * Runs a write that creates `path`, and removes the file if the write fails: a write cut short
 * (a full disk) must not leave a partial file behind, where it would pass for a stored one.
 */
export async function writeWholeOrNothing(path: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    // the write's error is the one to report: a clean-up that fails too (the path is a folder) must not replace it
    await rm(path, { force: true }).catch(() => {});
    throw error;
  }
}
