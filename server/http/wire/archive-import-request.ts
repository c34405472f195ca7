import { env } from '@/server/env';
import { isAppError } from '@/server/errors';
import { dropFolderFull, dropFolderRoomOrThrow } from '@/server/services/archive-import/drop-folder';
import { keepDroppedUpload } from '@/server/services/archive-import/keep-dropped-upload';
import { startArchiveImportInput, type StartArchiveImportInput } from '@/server/services/archive-import/schemas';
import { uploadTempDir } from '@/server/stored-files/originals';
import { receiveMultipartFile } from '../receive-multipart-file';
import { readBody } from '../read-body';
import { parseOr400WhenMissing } from '../validation';
import { missingFileField } from './received-file';

export type ArchiveImportRequest = { kind: 'upload'; file: string } | { kind: 'pick'; input: StartArchiveImportInput | undefined };

/**
 * CONTRACT: Settled 2026-11-23, POST /strava/import/archive takes three bodies: none (every new
 * export in the drop folder), JSON `{ "file" }` (one of them), or a multipart `file` upload (a zip
 * up to MAX_ARCHIVE_BYTES, streamed into the drop folder first and then imported). An
 * upload must also fit in the user's drop-folder quota (MAX_DROP_FOLDER_BYTES), else 413; a full
 * folder is refused before the body is read.
 */
export async function archiveImportRequest(request: Request, userId: number): Promise<ArchiveImportRequest> {
  if (/^multipart\//i.test(request.headers.get('content-type') ?? '')) {
    const room = await dropFolderRoomOrThrow(userId);
    const maxBytes = Math.min(env().MAX_ARCHIVE_BYTES, room);
    const file = await receiveMultipartFile({
      contentType: request.headers.get('content-type'),
      contentLength: request.headers.get('content-length'),
      body: request.body,
      maxBytes,
      tempDir: uploadTempDir(),
      missing: missingFileField,
    }).catch((error: unknown) => {
      // past the room left rather than past the archive cap: say which limit it was
      throw isAppError(error) && error.kind === 'payload_too_large' && maxBytes < env().MAX_ARCHIVE_BYTES ? dropFolderFull() : error;
    });
    return { kind: 'upload', file: await keepDroppedUpload(userId, file.path, file.filename) };
  }
  const body = await readBody(request, 'json');
  return { kind: 'pick', input: body === undefined ? undefined : parseOr400WhenMissing(startArchiveImportInput, body) };
}
