import { Readable } from 'node:stream';

const attachment = (filename: string) => `attachment; filename="${filename.replace(/["\\\r\n]/g, '_')}"`;

// A download: bytes with a media type and a Content-Disposition filename.
export function fileResponse(bytes: Buffer | string, contentType: string, filename?: string): Response {
  const headers = new Headers({ 'content-type': contentType, 'cache-control': 'private, no-store' });
  if (filename) headers.set('content-disposition', attachment(filename));
  return new Response(typeof bytes === 'string' ? bytes : new Uint8Array(bytes), { status: 200, headers });
}

/**
 * An attached photo, shown inline. The bytes passed the image check on import; nosniff and a
 * sandboxing CSP make sure a browser never runs them as anything but an image.
 */
export function imageResponse(bytes: Buffer, contentType: string): Response {
  const headers = new Headers({
    'content-type': contentType,
    'cache-control': 'private, max-age=3600',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  });
  return new Response(new Uint8Array(bytes), { status: 200, headers });
}

/** A download streamed from disk (an account export), with its size. */
export function streamFileResponse(stream: Readable, size: number, contentType: string, filename: string): Response {
  const headers = new Headers({ 'content-type': contentType, 'content-length': String(size), 'cache-control': 'private, no-store' });
  headers.set('content-disposition', attachment(filename));
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status: 200, headers });
}
