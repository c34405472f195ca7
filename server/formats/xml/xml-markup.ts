import { InvalidFile } from '../invalid-file';
import type { XmlNode } from './nodes';

// The small pieces of XML syntax stream-xml needs, written as loops over char codes: tags, attributes,
// the five predefined entities, and whitespace. No regex runs over the whole text.

const ENTITY = /&(lt|gt|amp|quot|apos);/g;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Why the text is not XML we read; readXml turns it into the user's InvalidFile. */
export class XmlSyntaxError extends Error {
  override name = 'XmlSyntaxError';
}

export function tagTooLong(maxTagChars: number): InvalidFile {
  return new InvalidFile(`The file holds an XML tag longer than ${maxTagChars} characters; device files never do.`, { limit: 'MAX_XML_TAG_CHARS' });
}

export const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;

/**
 * text.startsWith(name, at) for the short names of tags and attributes, as a loop the optimizer
 * inlines: called for nearly every tag, the builtin's call was the scanner's hottest line.
 */
export function namedAt(text: string, at: number, name: string): boolean {
  for (let k = 0; k < name.length; k++) if (text.charCodeAt(at + k) !== name.charCodeAt(k)) return false;
  return true;
}

/** A character that ends a tag name: whitespace, `/`, `>`, or NaN (the end of the text). */
export const endsName = (c: number): boolean => c === 0x3e || c === 0x2f || isSpace(c) || Number.isNaN(c);

/** Where a tag name starting at `from` ends: at whitespace, `/`, `>` or the end of the text. */
export function nameEnd(text: string, from: number): number {
  let j = from;
  while (!endsName(text.charCodeAt(j))) j++;
  return j;
}

/** The `>` closing the tag opened at `lt`, quotes respected; refused past `maxTagChars`. */
export function tagEnd(text: string, lt: number, from: number, maxTagChars: number): number {
  // one bound for both refusals, so the loop tests one index per character
  const limit = Math.min(text.length, lt + maxTagChars + 1);
  let quote = 0;
  let j = from;
  for (; j < limit; j++) {
    const c = text.charCodeAt(j);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 0x3e) return j;
    else if (c === 0x22 || c === 0x27) quote = c;
  }
  // stopped by the cap or by the end of the text: the cap is told when both stop it there
  if (j - lt > maxTagChars) throw tagTooLong(maxTagChars);
  throw new XmlSyntaxError('a tag is not closed');
}

export function decodeEntities(value: string): string {
  return value.includes('&') ? value.replace(ENTITY, (_, name: string) => ENTITIES[name]!) : value;
}

/**
 * Attributes of text[from, to) into `node` as "@name" keys, prefixes dropped, the last of a
 * repeated name winning. Only `name="value"` and `name='value'` count: valueless and unquoted
 * attributes are ignored, and namespace declarations (xmlns, xmlns:x) are not values.
 */
export function readAttributes(text: string, from: number, to: number, node: XmlNode, keys: AttributeKeys = new AttributeKeys()): XmlNode {
  let j = from;
  while (j < to) {
    while (j < to && isSpace(text.charCodeAt(j))) j++;
    const start = j;
    while (j < to && text.charCodeAt(j) !== 0x3d /* = */ && !isSpace(text.charCodeAt(j))) j++;
    const nameTo = j;
    while (j < to && isSpace(text.charCodeAt(j))) j++;
    if (j >= to || text.charCodeAt(j) !== 0x3d || nameTo === start) {
      if (j === start) j++;
      continue;
    }
    j++;
    while (j < to && isSpace(text.charCodeAt(j))) j++;
    const quote = text.charCodeAt(j);
    if (quote !== 0x22 && quote !== 0x27) {
      while (j < to && !isSpace(text.charCodeAt(j))) j++;
      continue;
    }
    const close = text.indexOf(quote === 0x22 ? '"' : "'", j + 1);
    if (close < 0 || close >= to) return node;
    const key = keys.key(text, start, nameTo);
    if (key !== null) node[key] = decodeEntities(text.slice(j + 1, close));
    j = close + 1;
  }
  return node;
}

/**
 * The "@name" key of each attribute name met so far (null for a namespace declaration): every
 * point repeats lat and lon, so their keys are found by comparing the text instead of being cut
 * out and joined again, and the engine sees the same key string each time.
 */
export class AttributeKeys {
  private readonly raws: string[] = [];
  private readonly keys: (string | null)[] = [];

  key(text: string, from: number, to: number): string | null {
    const length = to - from;
    for (let k = 0; k < this.raws.length; k++) {
      const raw = this.raws[k]!;
      if (raw.length === length && namedAt(text, from, raw)) return this.keys[k]!;
    }
    const name = text.slice(from, to);
    const colon = name.indexOf(':');
    const key = name === 'xmlns' || name.startsWith('xmlns:') ? null : `@${colon < 0 ? name : name.slice(colon + 1)}`;
    if (this.raws.length < 16) {
      this.raws.push(name);
      this.keys.push(key);
    }
    return key;
  }
}

/** Comments are skipped, CDATA is text (given to `onText`), other `<!…>` declarations are skipped; returns where to go on. */
export function skipMarkup(text: string, lt: number, onText: ((cdata: string) => void) | null): number {
  if (text.startsWith('<!--', lt)) {
    const stop = text.indexOf('-->', lt + 4);
    if (stop < 0) throw new XmlSyntaxError('a comment is not closed');
    return stop + 3;
  }
  if (text.startsWith('<![CDATA[', lt)) {
    const stop = text.indexOf(']]>', lt + 9);
    if (stop < 0) throw new XmlSyntaxError('a CDATA section is not closed');
    onText?.(text.slice(lt + 9, stop));
    return stop + 3;
  }
  const gt = text.indexOf('>', lt + 2);
  if (gt < 0) throw new XmlSyntaxError('a declaration is not closed');
  return gt + 1;
}
