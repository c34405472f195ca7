import { promisify } from 'node:util';
import { deflateRaw, deflateRawSync } from 'node:zlib';

/**
 * The stored form of one stream (db/schema activity_streams) before base64: raw deflate at level 1
 * of its JSON text. Shared by the column's writer and the ingest workers, which encode off the
 * request thread, so both give the same bytes.
 */
export function deflateJsonArray(values: readonly unknown[]): Buffer {
  return deflateRawSync(JSON.stringify(values), { level: 1 });
}

const deflateRawOffThread = promisify(deflateRaw);

/** deflateJsonArray's bytes, deflated on libuv's thread pool: only the JSON text is made on the calling thread. */
export function deflateJsonArrayOffThread(values: readonly unknown[]): Promise<Buffer> {
  return deflateRawOffThread(JSON.stringify(values), { level: 1 });
}
