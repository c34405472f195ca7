import { XMLParser } from 'fast-xml-parser';
import { InvalidFile } from '../invalid-file';
import { MAX_XML_DEPTH, MAX_XML_ELEMENTS, MAX_XML_TAG_CHARS } from '../limits';
import { xmlRootName } from '../detect';

/** Elements that may repeat and must always come back as arrays. */
const ALWAYS_ARRAY = new Set(['trk', 'trkseg', 'trkpt', 'Activity', 'Lap', 'Track', 'Trackpoint', 'NextSport']);

// One configured parser. Namespace prefixes are dropped (ns3:hr, gpxtpx:hr and hr are the same
// value to us); values stay strings (we parse numbers ourselves, so "007" or "1e400" cannot
// surprise); the nesting cap turns a deeply nested bomb into an error instead of a deep walk.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: MAX_XML_DEPTH,
  isArray: (name) => ALWAYS_ARRAY.has(name),
});

/** Bytes to text: UTF-16 by BOM, otherwise UTF-8 (every device file we know); BOM stripped. */
export function decodeXmlText(bytes: Uint8Array): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes);
  else text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Counts `<name` openings (with or without a namespace prefix) without parsing. */
export function countElements(text: string, localName: string): number {
  const needle = `${localName}`;
  let count = 0;
  let from = 0;
  for (;;) {
    const at = text.indexOf(needle, from);
    if (at < 0) return count;
    const before = text.charCodeAt(at - 1);
    const after = text.charCodeAt(at + needle.length);
    // "<trkpt" or ":trkpt" right before, and a delimiter after (not "<trkptx").
    const openBefore = before === 0x3c /* < */ || before === 0x3a; /* : */
    const delimAfter = after === 0x20 || after === 0x3e || after === 0x2f || after === 0x09 || after === 0x0a || after === 0x0d;
    if (openBefore && delimAfter) count++;
    from = at + needle.length;
  }
}

/**
 * One linear pass over the tags before any tree is built: at most MAX_XML_ELEMENTS opening tags
 * (closing tags are not counted) and no tag longer than MAX_XML_TAG_CHARS, which bounds every
 * attribute value. Plain indexOf jumps, so 60 MB of empty siblings is refused in milliseconds.
 */
export function assertXmlShape(text: string, maxElements = MAX_XML_ELEMENTS, maxTagChars = MAX_XML_TAG_CHARS): void {
  let elements = 0;
  let open = text.indexOf('<');
  while (open >= 0) {
    if (text.charCodeAt(open + 1) !== 0x2f /* / */ && ++elements > maxElements) {
      throw new InvalidFile(`The file holds more than ${maxElements} XML elements, more than any activity recording.`, { limit: 'MAX_XML_ELEMENTS' });
    }
    const close = text.indexOf('>', open + 1);
    // An unclosed tag is the parser's to report; only its length matters here.
    const end = close < 0 ? text.length : close;
    if (end - open > maxTagChars) {
      throw new InvalidFile(`The file holds an XML tag longer than ${maxTagChars} characters; device files never do.`, { limit: 'MAX_XML_TAG_CHARS' });
    }
    if (close < 0) return;
    open = text.indexOf('<', close + 1);
  }
}

export interface XmlDocument {
  root: string;
  tree: Record<string, unknown>;
}

/**
 * Parses GPX/TCX text after the checks that keep it cheap: no DOCTYPE or entity declaration
 * (CONTRACT: refused, no real device writes one), the expected root element, and at most
 * `maxPoints` point elements counted before any tree is built.
 */
export function readXml(text: string, expectedRoot: 'gpx' | 'TrainingCenterDatabase', pointElement: string, maxPoints: number): XmlDocument {
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) {
    throw new InvalidFile('The file declares a DOCTYPE or XML entities; activity files never do, so it is refused.', { limit: 'DOCTYPE' });
  }
  const root = xmlRootName(text);
  if (root === null) throw new InvalidFile(`The file is not an XML document, so it cannot be read as ${label(expectedRoot)}.`);
  if (root !== expectedRoot) {
    const what = root === 'gpx' ? 'a GPX file' : root === 'TrainingCenterDatabase' ? 'a TCX file' : `an XML document with root <${root}>`;
    throw new InvalidFile(`This file is ${what}, not ${label(expectedRoot)}.`);
  }
  assertXmlShape(text);
  const points = countElements(text, pointElement);
  if (points > maxPoints) {
    throw new InvalidFile(`The file holds ${points} track points; at most ${maxPoints} are accepted.`, { limit: 'MAX_POINTS' });
  }
  let tree: unknown;
  try {
    tree = parser.parse(text);
  } catch (error) {
    throw new InvalidFile(`The ${label(expectedRoot)} file is not well-formed XML: ${shortMessage(error)}`, { cause: error });
  }
  const body = (tree as Record<string, unknown> | null)?.[expectedRoot];
  if (!body || typeof body !== 'object') {
    throw new InvalidFile(`The ${label(expectedRoot)} file has no <${expectedRoot}> content.`);
  }
  return { root, tree: body as Record<string, unknown> };
}

function label(root: string): string {
  return root === 'gpx' ? 'GPX' : 'TCX';
}

function shortMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.slice(0, 160);
}
