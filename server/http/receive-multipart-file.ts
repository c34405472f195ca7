import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { AppError, isNoSpace, storageFull } from '@/server/errors';

// Streams one file field of a multipart body to a temporary file, hashing it on the way, with a
// byte cap: the upload is never held in memory, and a body past the cap stops being read at once.

export interface ReceivedFile {
  path: string;
  filename: string;
  size: number;
  sha256: string;
}

export interface ReceiveOptions {
  contentType: string | null;
  contentLength: string | null;
  body: ReadableStream<Uint8Array> | null;
  maxBytes: number;
  tempDir: string;
  /** the multipart field that carries the file */
  field?: string;
  /** the error for a body without that file (the upload says 422, the gear import 424) */
  missing: () => AppError;
}

/** Room for the multipart framing and small fields on top of the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

const tooLarge = (max: number) => new AppError('payload_too_large', { detail: `The file is larger than the ${formatBytes(max)} limit.` });

function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB` : `${bytes} bytes`;
}

export async function receiveMultipartFile(options: ReceiveOptions): Promise<ReceivedFile> {
  const field = options.field ?? 'file';
  if (!/^multipart\/form-data\s*;/i.test(options.contentType ?? '')) {
    throw new AppError('unsupported_media_type', { detail: `Send the file as multipart/form-data in the field "${field}".` });
  }
  const declared = Number(options.contentLength ?? '');
  if (Number.isFinite(declared) && declared > options.maxBytes + ENVELOPE_BYTES) throw tooLarge(options.maxBytes);
  if (!options.body) throw options.missing();
  await mkdir(options.tempDir, { recursive: true });

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': options.contentType! },
      limits: { fileSize: options.maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
    });
  } catch {
    throw new AppError('invalid_input', { detail: 'The multipart body is malformed (no boundary).' });
  }
  const source = Readable.fromWeb(options.body as unknown as WebReadableStream<Uint8Array>);
  const written: string[] = [];

  const result = new Promise<ReceivedFile>((resolve, reject) => {
    let received: Promise<ReceivedFile> | null = null;
    const fail = (error: AppError) => {
      source.destroy();
      reject(error);
    };
    parser.on('file', (name, stream, info) => {
      if (name !== field || received) {
        stream.resume();
        return;
      }
      const path = join(options.tempDir, `upload-${randomUUID()}`);
      written.push(path);
      const hash = createHash('sha256');
      let size = 0;
      stream.on('limit', () => fail(tooLarge(options.maxBytes)));
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      received = pipeline(stream, meter, createWriteStream(path)).then(() => ({ path, filename: info.filename ?? '', size, sha256: hash.digest('hex') }));
      received.catch(() => undefined);
    });
    parser.on('error', () => fail(new AppError('invalid_input', { detail: 'The multipart body is malformed.' })));
    parser.on('close', () => {
      if (!received) return reject(options.missing());
      // a full disk is the server's fault (503), anything else the upload's (the client went away)
      received.then(resolve, (error: unknown) =>
        reject(isNoSpace(error) ? storageFull(error) : new AppError('invalid_input', { detail: 'The upload was interrupted.' })),
      );
    });
    source.on('error', () => fail(new AppError('invalid_input', { detail: 'The upload was interrupted.' })));
    source.pipe(parser);
  });

  try {
    return await result;
  } catch (error) {
    await Promise.all(written.map((p) => rm(p, { force: true })));
    throw error;
  }
}
