import { env } from '@/server/env';
import { AppError } from '@/server/errors';
import { formatFromFilename, isInvalidFile } from '@/server/formats';
import type { PreparedActivity } from '@/server/services/ingestion/prepare-activity';
import { logSecurityEvent } from '@/server/log/security-event';
import { prepareActivityFileOffThread } from '@/server/services/ingestion/parse-off-thread';

/**
 * The one place every ingestion path (upload, archive import) reads an activity file: in the
 * worker pool, never on the event loop. The parser's refusal becomes a 400 `invalid-input` with its
 * reason (CONTRACT: Activities); a file refused by a cap or a budget is logged as a security event.
 * The bytes are moved to the worker when they fill their own buffer: do not use them afterwards.
 */
export async function parseForIngestion(bytes: Uint8Array, filename: string, about: { sha256?: string } = {}): Promise<PreparedActivity[]> {
  try {
    return await prepareActivityFileOffThread(bytes, filename, { maxUploadBytes: env().MAX_UPLOAD_BYTES });
  } catch (error) {
    if (!isInvalidFile(error)) throw error;
    if (error.limit) logSecurityEvent('hostile_file_refused', { limit: error.limit, sha256: about.sha256, extension: formatFromFilename(filename).extension });
    throw new AppError('invalid_input', { detail: error.reason });
  }
}
