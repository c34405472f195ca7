import { promisify } from 'node:util';
import { deflateRaw, deflateRawSync } from 'node:zlib';

/** Raw deflate at level 1: the stored form's compression, whoever writes it. */
const STORED_DEFLATE = { level: 1 };

/**
 * The stored form of one stream (db/schema activity_streams) before base64: raw deflate at level 1
 * of its JSON text. Shared by the column's writer and the ingest workers, which encode off the
 * request thread, so both give the same bytes.
 */
export function deflateJsonArray(values: readonly unknown[]): Buffer {
  return deflateJson(JSON.stringify(values));
}

const deflateRawOffThread = promisify(deflateRaw);

/**
 * deflateJsonArray's bytes for an array whose JSON text is already written (`json` must be
 * JSON.stringify's text of it), deflated on libuv's thread pool.
 */
export function deflateJsonOffThread(json: Uint8Array): Promise<Buffer> {
  return deflateRawOffThread(json, STORED_DEFLATE);
}

/** deflateJsonOffThread, on the calling thread. */
export function deflateJson(json: Uint8Array | string): Buffer {
  return deflateRawSync(json, STORED_DEFLATE);
}
