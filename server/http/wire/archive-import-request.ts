import { env } from '@/server/env';
import { keepDroppedUpload } from '@/server/services/archive-import/keep-dropped-upload';
import { startArchiveImportInput, type StartArchiveImportInput } from '@/server/services/archive-import/schemas';
import { uploadTempDir } from '@/server/stored-files/originals';
import { receiveMultipartFile } from '../receive-multipart-file';
import { readBody } from '../read-body';
import { parseOr400WhenMissing } from '../validation';
import { missingFileField } from './received-file';

/**
 * CONTRACT: Settled 2026-11-23, POST /strava/import/archive takes three bodies: none (every new
 * export in the drop folder), JSON `{ "file" }` (one of them), or a multipart `file` upload (a zip
 * up to MAX_ARCHIVE_BYTES, streamed into the drop folder first and then imported).
 */
export async function archiveImportRequest(request: Request, userId: number): Promise<StartArchiveImportInput | undefined> {
  if (/^multipart\//i.test(request.headers.get('content-type') ?? '')) {
    const file = await receiveMultipartFile({
      contentType: request.headers.get('content-type'),
      contentLength: request.headers.get('content-length'),
      body: request.body,
      maxBytes: env().MAX_ARCHIVE_BYTES,
      tempDir: uploadTempDir(),
      missing: missingFileField,
    });
    return { file: await keepDroppedUpload(userId, file.path, file.filename) };
  }
  const body = await readBody(request, 'json');
  return body === undefined ? undefined : parseOr400WhenMissing(startArchiveImportInput, body);
}
