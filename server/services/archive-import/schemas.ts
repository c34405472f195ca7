import { z } from 'zod';

/** POST /strava/import/archive with JSON: one export of the drop folder by name. */
export const startArchiveImportInput = z.strictObject({
  file: z.string().trim().min(1).max(255),
});

export type StartArchiveImportInput = z.infer<typeof startArchiveImportInput>;
