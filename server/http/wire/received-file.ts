import { readFile, rm } from 'node:fs/promises';
import { z } from 'zod';
import { env } from '@/server/env';
import { AppError } from '@/server/errors';
import { uploadTempDir } from '@/server/stored-files/originals';
import { receiveMultipartFile, type ReceivedFile } from '../receive-multipart-file';

// Multipart uploads on the REST side: the body streams to DATA_DIR/tmp with a byte cap.

/** The multipart body of every upload, for the OpenAPI document: one file in the field `file`. */
export const uploadForm = z.object({ file: z.string().meta({ format: 'binary', contentMediaType: 'application/octet-stream' }) });

/** spec: Errors: a missing field is a 400 naming it; a multipart body without its `file` too. */
export const missingFileField = (): AppError =>
  new AppError('invalid_input', { detail: 'Missing fields: file (send it as multipart/form-data in the field "file").' });

/**
 * The multipart file of `request` received to a temporary file, handed to `handle`, and removed
 * afterwards on every path: whoever receives a file is its one owner (the multipart reader removes
 * a partial one itself), so what `handle` calls only reads it or keeps a copy.
 */
async function withReceivedFile<T>(request: Request, maxBytes: number, missing: () => AppError, handle: (file: ReceivedFile) => Promise<T>): Promise<T> {
  const file = await receiveMultipartFile({
    contentType: request.headers.get('content-type'),
    contentLength: request.headers.get('content-length'),
    body: request.body,
    maxBytes,
    tempDir: uploadTempDir(),
    missing,
  });
  try {
    return await handle(file);
  } finally {
    await rm(file.path, { force: true });
  }
}

/** The activity file of POST /activities/create/upload (field `file`, MAX_UPLOAD_BYTES), handed to `handle`, then removed. */
export function withReceivedActivityFile<T>(request: Request, handle: (file: ReceivedFile) => Promise<T>): Promise<T> {
  return withReceivedFile(request, env().MAX_UPLOAD_BYTES, missingFileField, handle);
}

/**
 * A small text upload (the gear CSVs): received to a temporary file, read, removed. Spec import
 * rules: a missing file is 424 with a detail.
 */
export function receiveTextFile(request: Request, maxBytes: number): Promise<string> {
  const missing = () => new AppError('failed_dependency', { detail: 'The CSV file is missing: send it as multipart/form-data in the field "file".' });
  return withReceivedFile(request, maxBytes, missing, (file) => readFile(file.path, 'utf8'));
}

/** Idempotency-Key: a client token of at most 255 visible characters. */
export function idempotencyKeyOf(headers: Headers): string | null {
  const key = headers.get('idempotency-key')?.trim();
  if (!key) return null;
  if (key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new AppError('invalid_input', { detail: 'Idempotency-Key must be 1 to 255 visible ASCII characters.' });
  }
  return key;
}
