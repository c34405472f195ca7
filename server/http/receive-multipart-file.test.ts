import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { receiveMultipartFile } from './receive-multipart-file';

async function multipart(parts: { name: string; filename?: string; bytes: Buffer }[]) {
  const form = new FormData();
  for (const p of parts) {
    if (p.filename) form.append(p.name, new Blob([new Uint8Array(p.bytes)]), p.filename);
    else form.append(p.name, p.bytes.toString());
  }
  const request = new Request('http://x/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return { contentType: request.headers.get('content-type'), body };
}

function options(body: Buffer, contentType: string | null, maxBytes: number, contentLength: string | null = null) {
  const tempDir = mkdtempSync(join(tmpdir(), 'stride-recv-'));
  // one small chunk at a time, as a network body arrives
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < body.length; i += 1024) controller.enqueue(new Uint8Array(body.subarray(i, i + 1024)));
      controller.close();
    },
  });
  return {
    tempDir,
    opts: { contentType, contentLength, body: stream, maxBytes, tempDir, missing: () => new AppError('validation_failed', { detail: 'no file' }) },
  };
}

describe('receiveMultipartFile (CONTRACT upload: field `file`, MAX_UPLOAD_BYTES)', () => {
  it('streams the file field to a temporary file with its size and SHA-256', async () => {
    const bytes = Buffer.alloc(50_000, 7);
    const { contentType, body } = await multipart([
      { name: 'note', bytes: Buffer.from('hi') },
      { name: 'file', filename: 'a.gpx', bytes },
    ]);
    const { opts } = options(body, contentType, 100_000);
    const file = await receiveMultipartFile(opts);
    expect(file).toMatchObject({ filename: 'a.gpx', size: 50_000, sha256: createHash('sha256').update(bytes).digest('hex') });
    expect(readFileSync(file.path).equals(bytes)).toBe(true);
  });

  it('a file past the cap → payload_too_large, and nothing is left in the temporary folder', async () => {
    const { contentType, body } = await multipart([{ name: 'file', filename: 'a.fit', bytes: Buffer.alloc(20_000) }]);
    const { opts, tempDir } = options(body, contentType, 10_000);
    await expect(receiveMultipartFile(opts)).rejects.toMatchObject({ kind: 'payload_too_large' });
    expect(readdirSync(tempDir)).toEqual([]);
  });

  it('a Content-Length far past the cap is refused before reading', async () => {
    const { contentType, body } = await multipart([{ name: 'file', filename: 'a.fit', bytes: Buffer.alloc(10) }]);
    const { opts } = options(body, contentType, 10_000, String(10_000_000));
    await expect(receiveMultipartFile(opts)).rejects.toMatchObject({ kind: 'payload_too_large' });
  });

  it("no `file` field → the caller's missing error; not multipart → unsupported_media_type", async () => {
    const { contentType, body } = await multipart([{ name: 'other', filename: 'a.gpx', bytes: Buffer.from('x') }]);
    await expect(receiveMultipartFile(options(body, contentType, 1000).opts)).rejects.toMatchObject({ kind: 'validation_failed' });
    await expect(receiveMultipartFile(options(Buffer.from('{}'), 'application/json', 1000).opts)).rejects.toMatchObject({ kind: 'unsupported_media_type' });
  });

  // A non-file part beyond 64 KiB ends the request at once, not after the whole part
  it.each([
    ['a text field', (bytes: Buffer) => [{ name: 'note', bytes }]],
    ['a second file', (bytes: Buffer) => [{ name: 'other', filename: 'b.gpx', bytes }]],
  ])('%s of 8 MiB before the file → payload_too_large after reading little of it', async (_label, partsOf) => {
    const { contentType, body } = await multipart([
      ...partsOf(Buffer.alloc(8 * 1024 * 1024, 0x61)),
      { name: 'file', filename: 'a.gpx', bytes: Buffer.from('x') },
    ]);
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= body.length) return controller.close();
        controller.enqueue(new Uint8Array(body.subarray(pulled, pulled + 16 * 1024)));
        pulled += 16 * 1024;
      },
    });
    const { opts, tempDir } = options(Buffer.alloc(0), contentType, 100 * 1024 * 1024);
    await expect(receiveMultipartFile({ ...opts, body: stream })).rejects.toMatchObject({ kind: 'payload_too_large' });
    expect(pulled).toBeLessThan(1024 * 1024);
    expect(readdirSync(tempDir)).toEqual([]);
  });

  it('text fields and a file of any size within the cap still pass, in small chunks or one', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024, 5);
    const { contentType, body } = await multipart([
      { name: 'note', bytes: Buffer.alloc(60 * 1024, 0x62) },
      { name: 'file', filename: 'a.gpx', bytes },
      { name: 'after', bytes: Buffer.from('x') },
    ]);
    expect((await receiveMultipartFile(options(body, contentType, 4 * 1024 * 1024).opts)).size).toBe(bytes.length);
    const whole = new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(new Uint8Array(body)), c.close()) });
    const { opts } = options(Buffer.alloc(0), contentType, 4 * 1024 * 1024);
    expect((await receiveMultipartFile({ ...opts, body: whole })).size).toBe(bytes.length);
  });
});
