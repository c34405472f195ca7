import { InvalidFile } from '../invalid-file';
import { xmlRootName } from '../detect';
import type { XmlNode } from './nodes';
import { streamXml, XmlSyntaxError, type XmlStreamHandler } from './stream-xml';

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
 * A DOCTYPE or ENTITY declaration anywhere in the text (CONTRACT: refused, no real device writes
 * one). `!` is rare in device files while `<` is everywhere, so indexOf jumps from one `!` to
 * the next and looks back for its `<`.
 */
export function declaresDoctype(text: string): boolean {
  for (let at = text.indexOf('!'); at >= 0; at = text.indexOf('!', at + 1)) {
    if (text.charCodeAt(at - 1) !== 0x3c /* < */) continue;
    const word = text.slice(at + 1, at + 8).toUpperCase();
    if (word.startsWith('DOCTYPE') || word.startsWith('ENTITY')) return true;
  }
  return false;
}

/**
 * Streams GPX/TCX text through `handler` after the checks that keep it cheap: no DOCTYPE or
 * entity declaration and the expected root element. The caps are counted while streaming, so a
 * file past one costs no more than the largest accepted file: at most `maxPoints` point elements
 * here, the element and tag caps in stream-xml.
 * Returns the root element without the elements the handler detached.
 */
export function readXml(
  text: string,
  expectedRoot: 'gpx' | 'TrainingCenterDatabase',
  pointElement: string,
  maxPoints: number,
  handler: XmlStreamHandler,
): XmlNode {
  if (declaresDoctype(text)) {
    throw new InvalidFile('The file declares a DOCTYPE or XML entities; activity files never do, so it is refused.', { limit: 'DOCTYPE' });
  }
  const root = xmlRootName(text);
  if (root === null) throw new InvalidFile(`The file is not an XML document, so it cannot be read as ${label(expectedRoot)}.`);
  if (root !== expectedRoot) {
    const what = root === 'gpx' ? 'a GPX file' : root === 'TrainingCenterDatabase' ? 'a TCX file' : `an XML document with root <${root}>`;
    throw new InvalidFile(`This file is ${what}, not ${label(expectedRoot)}.`);
  }
  let points = 0;
  const counting: XmlStreamHandler = {
    open(name, ancestors) {
      // No more work than the largest accepted file: the count stops the stream at the cap.
      if (name === pointElement && ++points > maxPoints) {
        const total = Math.max(points, countElements(text, pointElement));
        throw new InvalidFile(`The file holds ${total} track points; at most ${maxPoints} are accepted.`, { limit: 'MAX_POINTS' });
      }
      return handler.open(name, ancestors);
    },
    detached: (name, value) => handler.detached(name, value),
  };
  let body: unknown;
  try {
    body = streamXml(text, counting);
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    throw new InvalidFile(`The ${label(expectedRoot)} file is not well-formed XML: ${error.message}.`, { cause: error });
  }
  if (!body || typeof body !== 'object') {
    throw new InvalidFile(`The ${label(expectedRoot)} file has no <${expectedRoot}> content.`);
  }
  return body as XmlNode;
}

function label(root: string): string {
  return root === 'gpx' ? 'GPX' : 'TCX';
}
