// Photos in the export's media folder are shown back to users, so only real raster images pass:
// the magic bytes AND a decode of the header (dimensions within bounds) must agree, and nothing may
// follow the image's own end (a JPEG or PNG with a zip or HTML appended is a polyglot). SVG is
// text that can carry script and is never accepted.

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic';

export interface CheckedImage {
  kind: ImageKind;
  contentType: string;
  width: number | null;
  height: number | null;
}

export type ImageCheck = CheckedImage | { refused: string };

const MAX_SIDE = 50_000;
/** A 30,000 × 30,000 PNG is a few KB of zeros and 3.6 GB once decoded (a thumbnail, a viewer). */
export const MAX_MEGAPIXELS = 50;
const CONTENT_TYPE: Record<ImageKind, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', heic: 'image/heic' };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif']);
/** Markup that makes a browser or an interpreter read the bytes as something else. */
const ACTIVE_CONTENT = /<(script|svg|html|iframe|\?php|!doctype)/i;

const ok = (kind: ImageKind, width: number | null, height: number | null): ImageCheck => {
  if (width !== null && height !== null && (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE)) {
    return { refused: `the image claims impossible dimensions ${width}×${height}` };
  }
  if (width !== null && height !== null && width * height > MAX_MEGAPIXELS * 1_000_000) {
    return { refused: `the image is ${Math.round((width * height) / 1_000_000)} megapixels (${width}×${height}), more than ${MAX_MEGAPIXELS}` };
  }
  return { kind, contentType: CONTENT_TYPE[kind], width, height };
};

export function checkImage(bytes: Buffer): ImageCheck {
  if (bytes.length < 16) return { refused: 'the file is too short to be an image' };
  if (ACTIVE_CONTENT.test(bytes.subarray(0, 4096).toString('latin1'))) return { refused: 'the file holds markup or script (polyglot or SVG)' };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return checkJpeg(bytes);
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return checkPng(bytes);
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return checkWebp(bytes);
  if (bytes.toString('latin1', 4, 8) === 'ftyp') return checkHeic(bytes);
  return { refused: 'the file is not a JPEG, PNG, WebP or HEIC image' };
}

/** Walks the JPEG segments to a start-of-frame (dimensions) and requires the end marker last. */
function checkJpeg(bytes: Buffer): ImageCheck {
  let offset = 2;
  let size: { width: number; height: number } | null = null;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return { refused: 'the JPEG segments are broken' };
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return { refused: 'the JPEG segments are broken' };
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof && length >= 7) size = { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    if (marker === 0xda) break; // start of scan: entropy-coded data follows up to the end marker
    offset += 2 + length;
  }
  if (!size) return { refused: 'the JPEG has no frame header' };
  const end = trimmedEnd(bytes);
  if (bytes[end - 2] !== 0xff || bytes[end - 1] !== 0xd9) return { refused: 'data follows the end of the JPEG (polyglot)' };
  return ok('jpeg', size.width, size.height);
}

/** IHDR must come first; chunks are walked to IEND, which must end the file. */
function checkPng(bytes: Buffer): ImageCheck {
  if (bytes.toString('latin1', 12, 16) !== 'IHDR' || bytes.length < 33) return { refused: 'the PNG has no header chunk' };
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    offset += 12 + length;
    if (offset > bytes.length) return { refused: 'the PNG chunks are broken' };
    if (type === 'IEND') {
      if (offset !== trimmedEnd(bytes)) return { refused: 'data follows the end of the PNG (polyglot)' };
      return ok('png', bytes.readUInt32BE(16), bytes.readUInt32BE(20));
    }
  }
  return { refused: 'the PNG has no end chunk' };
}

/** RIFF's size must cover the file exactly; the first chunk gives the canvas. */
function checkWebp(bytes: Buffer): ImageCheck {
  if (bytes.readUInt32LE(4) + 8 !== bytes.length && bytes.readUInt32LE(4) + 9 !== bytes.length) {
    return { refused: 'the WebP length does not match the file (polyglot or truncated)' };
  }
  const chunk = bytes.toString('latin1', 12, 16);
  if (bytes.length < 30) return { refused: 'the WebP is truncated' };
  if (chunk === 'VP8X') return ok('webp', 1 + bytes.readUIntLE(24, 3), 1 + bytes.readUIntLE(27, 3));
  if (chunk === 'VP8L' && bytes[20] === 0x2f) {
    const bits = bytes.readUInt32LE(21);
    return ok('webp', (bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8 ' && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return ok('webp', bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  return { refused: 'the WebP has no valid image chunk' };
}

/** ISO-BMFF: the ftyp brands must name HEIF/HEIC and the top-level boxes must tile the file. */
function checkHeic(bytes: Buffer): ImageCheck {
  const ftypSize = bytes.readUInt32BE(0);
  if (ftypSize < 16 || ftypSize > bytes.length) return { refused: 'the HEIC type box is broken' };
  const brands = [bytes.toString('latin1', 8, 12)];
  for (let o = 16; o + 4 <= ftypSize; o += 4) brands.push(bytes.toString('latin1', o, o + 4));
  if (!brands.some((b) => HEIC_BRANDS.has(b))) return { refused: 'the file is an ISO media file but not a HEIC image' };
  let offset = 0;
  let hasMeta = false;
  while (offset + 8 <= bytes.length) {
    const size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (type === 'meta') hasMeta = true;
    if (size < 8) return { refused: 'the HEIC boxes are broken' };
    offset += size;
  }
  if (offset !== bytes.length) return { refused: 'the HEIC boxes do not cover the file (polyglot or truncated)' };
  if (!hasMeta) return { refused: 'the HEIC has no image metadata' };
  return ok('heic', null, null);
}

/** Some cameras pad files with zero bytes after the end marker; that padding is harmless. */
function trimmedEnd(bytes: Buffer): number {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end -= 1;
  return end;
}
