import type { FileFormat } from './types';
import { isGzip } from './gzip';

/** What the bytes really are, whatever the file is called. */
export type DetectedContent = FileFormat | 'gzip' | 'xml' | 'empty' | 'unknown';

/** What the name says: the format after removing a trailing .gz, and whether .gz was there. */
export interface NamedFormat {
  format: FileFormat | null;
  gzip: boolean;
  /** The extension as written, for messages (".tcx", ".fit.gz", ".zip"). */
  extension: string;
}

/** A name whose format is one the service reads. */
export type AcceptedName = NamedFormat & { format: FileFormat };

/** The name's format when the service reads it (.fit, .gpx, .tcx, each optionally .gz), else null. */
export function acceptedName(filename: string): AcceptedName | null {
  const named = formatFromFilename(filename);
  return named.format ? { ...named, format: named.format } : null;
}

export function formatFromFilename(filename: string): NamedFormat {
  const lower = filename.trim().toLowerCase();
  const gzip = lower.endsWith('.gz');
  const base = gzip ? lower.slice(0, -3) : lower;
  const dot = base.lastIndexOf('.');
  const ext = dot >= 0 ? base.slice(dot + 1) : '';
  const format = ext === 'fit' || ext === 'gpx' || ext === 'tcx' ? ext : null;
  return { format, gzip, extension: (ext ? `.${ext}` : '') + (gzip ? '.gz' : '') };
}

/** FIT: header size 12 or 14, then ".FIT" at bytes 8–11 (FIT protocol, file header). */
export function isFitHeader(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && (bytes[0] === 12 || bytes[0] === 14) && bytes[8] === 0x2e && bytes[9] === 0x46 && bytes[10] === 0x49 && bytes[11] === 0x54;
}

/** The first element's local name, skipping a BOM, the XML declaration, comments and PIs. */
export function xmlRootName(text: string): string | null {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // Only look at the head: a root element that starts after 64 KiB of prologue is not a device file.
  const limit = Math.min(text.length, 65_536);
  while (i < limit) {
    const c = text[i];
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') {
      i++;
      continue;
    }
    if (c !== '<') return null;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i);
      if (end < 0) return null;
      i = end + 2;
      continue;
    }
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i);
      if (end < 0) return null;
      i = end + 3;
      continue;
    }
    if (text.startsWith('<!', i)) return '!'; // DOCTYPE and friends: refused by the caller
    const match = /^<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(text.slice(i, i + 200));
    return match?.[2] ?? null;
  }
  return null;
}

const XML_SNIFF_BYTES = 4096;

/** Sniffs the content from its first bytes (FIT signature, gzip magic, XML root element). */
export function detectContent(bytes: Uint8Array): DetectedContent {
  if (bytes.length === 0) return 'empty';
  if (isFitHeader(bytes)) return 'fit';
  if (isGzip(bytes)) return 'gzip';
  const head = decodeXmlHead(bytes.subarray(0, XML_SNIFF_BYTES));
  const root = xmlRootName(head);
  if (root === 'gpx') return 'gpx';
  if (root === 'TrainingCenterDatabase') return 'tcx';
  if (root !== null) return 'xml';
  return 'unknown';
}

function decodeXmlHead(head: Uint8Array): string {
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le').decode(head);
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be').decode(head);
  return new TextDecoder('utf-8').decode(head);
}

export function describeContent(content: DetectedContent): string {
  switch (content) {
    case 'fit':
      return 'a FIT file';
    case 'gpx':
      return 'a GPX file';
    case 'tcx':
      return 'a TCX file';
    case 'gzip':
      return 'gzip-compressed';
    case 'xml':
      return 'an XML document that is neither GPX nor TCX';
    case 'empty':
      return 'empty';
    default:
      return 'not a FIT, GPX or TCX file';
  }
}
