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

/** One entry of the caller's drop folder (GET /strava/import/archive/files). */
export const dropFolderFileResponse = z.object({
  name: z.string(),
  kind: z.enum(['zip', 'folder']),
  bytes: z.number().int().nonnegative(),
  modified_at: z.iso.datetime(),
});

export type DropFolderFile = z.infer<typeof dropFolderFileResponse>;

/** DELETE /strava/import/archive/files/{name}: an entry of the drop folder by name. */
export const deleteDropFolderFileInput = z.strictObject({
  name: z.string().trim().min(1).max(255),
});
