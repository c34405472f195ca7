import { gunzipSync } from 'node:zlib';
import { InvalidFile } from './invalid-file';

const GZIP_MAGIC_0 = 0x1f;
const GZIP_MAGIC_1 = 0x8b;

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === GZIP_MAGIC_0 && bytes[1] === GZIP_MAGIC_1;
}

/**
 * Inflates a .gz upload. `maxOutputLength` makes zlib stop (and throw) as soon as the output
 * passes the cap, so a gzip bomb costs at most `maxInflatedBytes` of memory and the time to
 * produce them, never the size it claims to expand to.
 */
export function gunzipBounded(bytes: Uint8Array, maxInflatedBytes: number): Buffer {
  if (!isGzip(bytes)) {
    throw new InvalidFile('The file is named .gz but is not gzip-compressed.');
  }
  try {
    return gunzipSync(bytes, { maxOutputLength: maxInflatedBytes });
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
      const mib = Math.floor(maxInflatedBytes / (1024 * 1024));
      throw new InvalidFile(`The compressed file expands to more than ${mib} MiB, the limit for a .gz upload.`, { cause: error, limit: 'INFLATE_FACTOR' });
    }
    throw new InvalidFile('The .gz file is damaged or cut off: it cannot be decompressed.', { cause: error });
  }
}
