import { env } from '@/server/env';
import { AppError } from '@/server/errors';
import { isInvalidFile, parseActivityFile, type ParsedActivity } from '@/server/formats';

/**
 * The one place every ingestion path (upload, archive import) reads an activity file: the
 * parser's refusal becomes a 400 `invalid-input` with its reason (CONTRACT "Activities").
 */
export async function parseForIngestion(bytes: Uint8Array, filename: string): Promise<ParsedActivity[]> {
  try {
    return await parseActivityFile(bytes, filename, { maxUploadBytes: env().MAX_UPLOAD_BYTES });
  } catch (error) {
    if (isInvalidFile(error)) throw new AppError('invalid_input', { detail: error.reason });
    throw error;
  }
}
