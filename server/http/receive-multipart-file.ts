import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { AppError, isNoSpace, storageFull } from '@/server/errors';
import { formatBytes } from '@/server/formats/limits';

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
/** A part other than the file (a text field, a second file) may be this long; past it the request ends at once. */
const OTHER_PART_BYTES = 64 * 1024;

const otherPartTooLarge = () => new AppError('payload_too_large', { detail: `A form part other than the file is larger than ${OTHER_PART_BYTES / 1024} KiB.` });

const tooLarge = (max: number) => new AppError('payload_too_large', { detail: `The file is larger than the ${formatBytes(max)} limit.` });

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
  // the file parts being written: a refusal stops them and waits for them before removing their
  // files, else a write stream that opens late would leave a partial file after the rm
  const fileParts: Readable[] = [];
  const writes: Promise<unknown>[] = [];

  const result = new Promise<ReceivedFile>((resolve, reject) => {
    let received: Promise<ReceivedFile> | null = null;
    const fail = (error: AppError) => {
      source.destroy();
      for (const part of fileParts) part.destroy();
      reject(error);
    };
    // Bytes read since the last part boundary the parser reported, while the file is not open:
    // busboy tells a text field only at its end, so a long one is cut here as it streams in.
    let consumed = 0;
    let boundaryAt = 0;
    let fileOpen = false;
    const boundary = () => {
      boundaryAt = consumed;
    };
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (!fileOpen && consumed - boundaryAt > OTHER_PART_BYTES) return done(otherPartTooLarge());
        consumed += chunk.length;
        done(null, chunk);
      },
    });
    parser.on('field', (_name, _value, info) => (info.valueTruncated ? fail(otherPartTooLarge()) : boundary()));
    parser.on('file', (name, stream, info) => {
      boundary();
      if (name !== field || received) {
        stream.resume();
        return;
      }
      fileOpen = true;
      stream.once('end', () => {
        fileOpen = false;
        boundary();
      });
      const path = join(options.tempDir, `upload-${randomUUID()}`);
      written.push(path);
      fileParts.push(stream);
      const hash = createHash('sha256');
      let size = 0;
      stream.on('limit', () => fail(tooLarge(options.maxBytes)));
      const hasher = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      // the file exists once its stream has opened, which can come after the pipeline failed:
      // the clean-up waits for the stream's close, which follows its open whatever happened
      const out = createWriteStream(path);
      writes.push(new Promise<void>((closed) => out.once('close', () => closed())));
      received = pipeline(stream, hasher, out).then(() => ({ path, filename: info.filename ?? '', size, sha256: hash.digest('hex') }));
      writes.push(received);
      // A write that fails (a full disk) ends the request at once, not when the body ends
      received.catch((error: unknown) => isNoSpace(error) && fail(storageFull(error)));
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
    meter.on('error', (error) => fail(error instanceof AppError ? error : new AppError('invalid_input', { detail: 'The upload was interrupted.' })));
    source.pipe(meter).pipe(parser);
  });

  try {
    return await result;
  } catch (error) {
    for (const part of fileParts) part.destroy();
    await Promise.allSettled(writes);
    await Promise.all(written.map((p) => rm(p, { force: true })));
    throw error;
  }
}
