import { z } from 'zod';

/** POST /strava/import/archive with JSON: one export of the drop folder by name. */
export const startArchiveImportInput = z.strictObject({
  file: z.string().trim().min(1).max(255),
});

export type StartArchiveImportInput = z.infer<typeof startArchiveImportInput>;

/** The import CLI's hand-off to the running server (app/api/internal): who, and which export. */
export const cliImportInput = z.strictObject({
  user: z.string().trim().min(1).max(255),
  path: z.string().min(1).max(4096),
});
