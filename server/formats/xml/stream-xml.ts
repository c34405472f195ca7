import { InvalidFile } from '../invalid-file';
import { MAX_XML_DEPTH, MAX_XML_ELEMENTS, MAX_XML_TAG_CHARS } from '../limits';
import type { XmlNode } from './nodes';
import {
  AttributeKeys,
  decodeEntities,
  endsName,
  isSpace,
  nameEnd,
  namedAt,
  readAttributes,
  skipMarkup,
  tagEnd,
  tagTooLong,
  XmlSyntaxError,
} from './xml-markup';

export { XmlSyntaxError } from './xml-markup';

/** Elements that may repeat and always come back as arrays, so readers never guess. */
const ALWAYS_ARRAY = new Set(['trk', 'trkseg', 'trkpt', 'Activity', 'Lap', 'Track', 'Trackpoint', 'NextSport']);

/** Names that would reach Object.prototype if they became keys: refused, like any crafted input. */
const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * What a reader does with the elements as they stream by. `open` sees each element's local name
 * and the local names of its ancestors (root first) and says whether the element is detached:
 * a detached element is built alone and handed to `detached` when it closes, instead of being
 * added to its parent. Readers detach their points, so each point is read as soon as its bytes
 * are scanned and no tree of the whole document ever exists.
 */
export interface XmlStreamHandler {
  open(name: string, ancestors: readonly string[]): boolean;
  detached(name: string, value: unknown): void;
}

interface Frame {
  name: string;
  raw: string;
  /** the name is in ALWAYS_ARRAY */
  alwaysArray: boolean;
  /** the attributes' span in the text; from === to when there are none */
  attributesFrom: number;
  attributesTo: number;
  node: XmlNode | null;
  text: string;
  detached: boolean;
}

/**
 * One pass over the text, building elements the way readers index them: an element with
 * neither attributes nor child elements is its trimmed text ('' when empty); any other is an
 * object with `@attribute` keys, child keys (an array when repeated or in ALWAYS_ARRAY) and
 * `#text`. Namespace prefixes are dropped (ns3:hr, gpxtpx:hr and hr are the same value to us);
 * values stay strings (we parse numbers ourselves, so "007" or "1e400" cannot surprise); the
 * five XML entities are decoded and nothing else is expanded (DOCTYPE and ENTITY declarations
 * are refused before this runs). Nesting deeper than MAX_XML_DEPTH below the root is refused.
 * Like the tree parser it replaced, it forgives what a cut-off recording looks like: elements
 * still open at the end are closed there, and a closing tag closes up to its matching element.
 * The caps are counted on the way: at most `maxElements` opening tags (comments, CDATA, PIs and
 * declarations count as one each) and no element tag longer than `maxTagChars`, which bounds
 * every attribute value. Returns the root element without its detached descendants.
 */
export function streamXml(text: string, handler: XmlStreamHandler, maxElements = MAX_XML_ELEMENTS, maxTagChars = MAX_XML_TAG_CHARS): unknown {
  const frames: Frame[] = [];
  const names: string[] = [];
  const seen = new TagNames();
  const attributeKeys = new AttributeKeys();
  let depth = 0;
  let root: unknown;
  let roots = 0;
  let elements = 0;
  const addText = (piece: string) => {
    if (depth > 0) frames[depth - 1]!.text += piece;
  };

  const close = (keepText: boolean): void => {
    const frame = frames[--depth]!;
    names.pop();
    let node = frame.node;
    if (frame.attributesFrom < frame.attributesTo) node = readAttributes(text, frame.attributesFrom, frame.attributesTo, node ?? {}, attributeKeys);
    const pending = keepText ? frame.text : '';
    if (node !== null && pending !== '') node['#text'] = pending;
    const value = node ?? pending;
    if (frame.detached) handler.detached(frame.name, value);
    else if (depth === 0) root = value;
    else attach(frames[depth - 1]!, frame.name, value, frame.alwaysArray);
  };

  let i = 0;
  for (;;) {
    const lt = nextTagAt(text, i);
    if (lt < 0) break;
    if (lt > i && depth > 0) {
      // the text's XML whitespace is skipped before it is cut out: most text between tags is indentation
      let from = i;
      let to = lt;
      while (from < to && isSpace(text.charCodeAt(from))) from++;
      while (to > from && isSpace(text.charCodeAt(to - 1))) to--;
      if (from < to) addText(textPiece(text.slice(from, to)));
    }
    const next = text.charCodeAt(lt + 1);
    if (next !== 0x2f && ++elements > maxElements) {
      throw new InvalidFile(`The file holds more than ${maxElements} XML elements, more than any activity recording.`, { limit: 'MAX_XML_ELEMENTS' });
    }
    if (next === 0x2f /* / */) {
      const top = depth > 0 ? frames[depth - 1]!.raw : '';
      const after = lt + 2 + top.length;
      if (depth > 0 && text.charCodeAt(after) === 0x3e && namedAt(text, lt + 2, top)) {
        close(true);
        i = after + 1;
        continue;
      }
      const gt = text.indexOf('>', lt + 2);
      if (gt < 0) throw new XmlSyntaxError('a closing tag is not closed');
      if (gt - lt > maxTagChars) throw tagTooLong(maxTagChars);
      closeUpTo(text.slice(lt + 2, gt).trimEnd());
      i = gt + 1;
    } else if (next === 0x21 /* ! */) {
      i = skipMarkup(text, lt, addText);
    } else if (next === 0x3f /* ? */) {
      const stop = text.indexOf('?>', lt + 2);
      if (stop < 0) throw new XmlSyntaxError('a processing instruction is not closed');
      i = stop + 2;
    } else {
      const known = seen.known(text, lt + 1, depth);
      const end = known ? lt + 1 + known.raw.length : nameEnd(text, lt + 1);
      if (end === lt + 1) throw new XmlSyntaxError('a tag has no name');
      const gt = tagEnd(text, lt, end, maxTagChars);
      const selfClosing = text.charCodeAt(gt - 1) === 0x2f;
      const tag = known ?? seen.add(text, lt + 1, end, depth);
      const name = tag.local;
      if (depth === 0 && ++roots > 1) throw new XmlSyntaxError('it has more than one root element');
      if (depth > MAX_XML_DEPTH) throw new XmlSyntaxError(`elements nest deeper than ${MAX_XML_DEPTH} levels`);
      const detached = handler.open(name, names);
      const frame =
        frames[depth] ?? (frames[depth] = { name: '', raw: '', alwaysArray: false, attributesFrom: 0, attributesTo: 0, node: null, text: '', detached: false });
      frame.name = name;
      frame.raw = tag.raw;
      frame.alwaysArray = tag.alwaysArray;
      frame.attributesFrom = end;
      frame.attributesTo = selfClosing ? gt - 1 : gt;
      frame.node = null;
      frame.text = '';
      frame.detached = detached;
      names.push(name);
      depth++;
      if (selfClosing) close(true);
      i = gt + 1;
    }
  }
  // A file cut off mid-element: what was complete is kept, the text of an unclosed element is not.
  while (depth > 0) close(false);
  return root;

  function closeUpTo(raw: string): void {
    let at = depth - 1;
    while (at >= 0 && frames[at]!.raw !== raw) at--;
    // A closing tag that closes nothing open is ignored.
    if (at < 0) return;
    while (depth > at) close(true);
  }
}

/**
 * text.indexOf('<', from). Between two tags there are a few characters (a newline, "145"), so a
 * short loop finds the next one sooner than the builtin's call, made 16 times a point; past
 * NEAR_CHARS (long text) the builtin's fast search takes over.
 */
const NEAR_CHARS = 64;

function nextTagAt(text: string, from: number): number {
  const near = Math.min(text.length, from + NEAR_CHARS);
  for (let j = from; j < near; j++) if (text.charCodeAt(j) === 0x3c /* < */) return j;
  return near === text.length ? -1 : text.indexOf('<', near);
}

/** One piece of text between tags: trimmed (pieces are joined without a separator), entities decoded, CRLF as LF. */
function textPiece(raw: string): string {
  if (isPlainText(raw)) return raw;
  const piece = decodeEntities(raw.trim());
  return piece.includes('\r') ? piece.replace(/\r\n?/g, '\n') : piece;
}

/**
 * Nothing for textPiece to do: printable ASCII at both ends (so trim() keeps it whole) and no `&`
 * or CR inside, as in nearly every value a device writes. One loop instead of three builtin calls
 * for each of a point's half-dozen values.
 */
function isPlainText(raw: string): boolean {
  const first = raw.charCodeAt(0);
  const last = raw.charCodeAt(raw.length - 1);
  if (!(first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f)) return false;
  for (let k = 0; k < raw.length; k++) {
    const c = raw.charCodeAt(k);
    if (c === 0x26 /* & */ || c === 0x0d /* CR */) return false;
  }
  return true;
}

interface TagName {
  raw: string;
  /** without its prefix */
  local: string;
  alwaysArray: boolean;
}

/**
 * Tag names as strings, each made once: a point's children repeat the same few names at the
 * same depth, so a name is found among those already seen there instead of cut from the text
 * again (no new string, and the property key is already known to the engine), with its local
 * name and whether it is always an array, so no map or set is asked per element.
 */
class TagNames {
  private readonly byDepth: TagName[][] = [];
  private readonly locals = new Map<string, string>();

  /**
   * The tag name starting at `from` when it is one seen at `depth` before: compared in place, so
   * nameEnd need not read it first. A name of another length fails at the character after it, so
   * that one is tested first: sibling names often share a prefix (gpxtpx:atemp, gpxtpx:hr).
   */
  known(text: string, from: number, depth: number): TagName | null {
    const known = this.byDepth[depth];
    if (known) for (const tag of known) if (endsName(text.charCodeAt(from + tag.raw.length)) && namedAt(text, from, tag.raw)) return tag;
    return null;
  }

  /** A name not seen at `depth` before, text[from, to). */
  add(text: string, from: number, to: number, depth: number): TagName {
    const known = this.byDepth[depth] ?? (this.byDepth[depth] = []);
    const raw = text.slice(from, to);
    const local = this.local(raw);
    const tag = { raw, local, alwaysArray: ALWAYS_ARRAY.has(local) };
    if (known.length < 16) known.push(tag);
    return tag;
  }

  /** ns3:hr → hr; names that would reach Object.prototype as keys are refused. */
  private local(raw: string): string {
    let name = this.locals.get(raw);
    if (name === undefined) {
      const colon = raw.indexOf(':');
      name = colon < 0 ? raw : raw.slice(colon + 1);
      if (RESERVED_NAMES.has(name)) throw new XmlSyntaxError(`the element name "${name}" is not allowed`);
      if (this.locals.size < 1024) this.locals.set(raw, name);
    }
    return name;
  }
}

function attach(parent: Frame, name: string, value: unknown, alwaysArray: boolean): void {
  if (parent.node === null) {
    // the first child: a new object has no own value to look up
    const node: XmlNode = (parent.node = {});
    node[name] = alwaysArray ? [value] : value;
    return;
  }
  const node = parent.node;
  const existing = node[name];
  // Only own values count: an inherited Object.prototype member is a function, never a value.
  const has = existing !== undefined && typeof existing !== 'function';
  if (alwaysArray) {
    if (has) (existing as unknown[]).push(value);
    else node[name] = [value];
  } else if (!has) node[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else node[name] = [existing, value];
}
