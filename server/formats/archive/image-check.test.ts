import { describe, expect, it } from 'vitest';
import { checkImage, MAX_MEGAPIXELS } from './image-check';
import { tinyJpeg, tinyPng } from './test-support/images';

describe('media validation by bytes (JPEG/PNG/WebP/HEIC magic plus a header decode)', () => {
  it('accepts a PNG and a JPEG and reads their dimensions', () => {
    expect(checkImage(tinyPng())).toEqual({ kind: 'png', contentType: 'image/png', width: 2, height: 1 });
    expect(checkImage(tinyJpeg())).toEqual({ kind: 'jpeg', contentType: 'image/jpeg', width: 3, height: 2 });
  });

  it('accepts a lossless WebP and a HEIC whose boxes tile the file', () => {
    const vp8l = Buffer.alloc(30);
    vp8l.write('RIFF', 0, 'latin1');
    vp8l.writeUInt32LE(22, 4);
    vp8l.write('WEBPVP8L', 8, 'latin1');
    vp8l.writeUInt32LE(10, 16);
    vp8l[20] = 0x2f;
    vp8l.writeUInt32LE((4 - 1) | ((5 - 1) << 14), 21);
    expect(checkImage(vp8l)).toMatchObject({ kind: 'webp', width: 4, height: 5 });
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1')]);
    const meta = Buffer.concat([Buffer.from([0, 0, 0, 12]), Buffer.from('meta\0\0\0\0', 'latin1')]);
    expect(checkImage(Buffer.concat([ftyp, meta]))).toMatchObject({ kind: 'heic', contentType: 'image/heic' });
  });

  it('refuses SVG, HTML, text and a truncated JPEG', () => {
    expect(checkImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toHaveProperty('refused');
    expect(checkImage(Buffer.from('<!DOCTYPE html><html><body>hi</body></html>'))).toHaveProperty('refused');
    expect(checkImage(Buffer.from('just some text that is long enough'))).toHaveProperty('refused');
    expect(checkImage(tinyJpeg().subarray(0, 30))).toHaveProperty('refused');
  });

  it('refuses polyglots: a zip or script appended after the image end, or markup inside the header', () => {
    const zipTail = Buffer.from('PK\u0003\u0004 rest of a zip archive', 'latin1');
    expect(checkImage(Buffer.concat([tinyJpeg(), zipTail]))).toEqual({ refused: 'data follows the end of the JPEG (polyglot)' });
    expect(checkImage(Buffer.concat([tinyPng(), zipTail]))).toEqual({ refused: 'data follows the end of the PNG (polyglot)' });
    const withScript = Buffer.concat([tinyJpeg().subarray(0, 20), Buffer.from('<script>alert(1)</script>'), tinyJpeg().subarray(20)]);
    expect(checkImage(withScript)).toHaveProperty('refused');
  });

  it('refuses impossible dimensions', () => {
    const png = tinyPng();
    png.writeUInt32BE(0, 16);
    expect(checkImage(png)).toHaveProperty('refused');
  });

  // A huge canvas in a tiny file is skipped (the archive import reports it as a warning)
  it(`refuses images above ${MAX_MEGAPIXELS} megapixels and keeps those at the limit`, () => {
    expect(checkImage(tinyPng(30_000, 30_000))).toEqual({ refused: 'the image is 900 megapixels (30000×30000), more than 50' });
    expect(checkImage(tinyPng(10_000, 5_000))).toMatchObject({ kind: 'png', width: 10_000, height: 5_000 });
    expect(checkImage(tinyPng(10_000, 5_001))).toHaveProperty('refused');
  });
});
