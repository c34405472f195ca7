// A download: bytes with a media type and a Content-Disposition filename.
export function fileResponse(bytes: Buffer | string, contentType: string, filename?: string): Response {
  const headers = new Headers({ 'content-type': contentType, 'cache-control': 'private, no-store' });
  if (filename) headers.set('content-disposition', `attachment; filename="${filename.replace(/["\\\r\n]/g, '_')}"`);
  return new Response(typeof bytes === 'string' ? bytes : new Uint8Array(bytes), { status: 200, headers });
}
