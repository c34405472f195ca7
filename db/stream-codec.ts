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

/**
 * deflateJsonArray's bytes for an array whose JSON text is already written (`json` must be
 * JSON.stringify's text of it), deflated on libuv's thread pool.
 */
export function deflateJsonOffThread(json: Uint8Array): Promise<Buffer> {
  return deflateRawOffThread(json, { level: 1 });
}

/** deflateJsonOffThread, on the calling thread. */
export function deflateJson(json: Uint8Array): Buffer {
  return deflateRawSync(json, { level: 1 });
}
