// Small readers over the elements stream-xml builds: elements are objects, arrays (for ALWAYS_ARRAY
// names) or strings; attributes are "@name" keys; text next to attributes is "#text".

export type XmlNode = Record<string, unknown>;

export function asNode(value: unknown): XmlNode | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as XmlNode) : null;
}

/** Child elements as a list of objects (empty elements such as "<trkseg></trkseg>" are dropped). */
export function children(node: XmlNode | null, name: string): XmlNode[] {
  const value = node?.[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const out: XmlNode[] = [];
  for (const item of list) {
    const child = asNode(item);
    if (child) out.push(child);
  }
  return out;
}

/** Printable ASCII at both ends: nothing for trim() to take, and not empty. */
function untrimmable(value: string): boolean {
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(value.length - 1);
  return first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f;
}

export function text(value: unknown): string | null {
  // the check saves a builtin call on each of a point's half-dozen values
  if (typeof value === 'string') return untrimmable(value) ? value : value.trim() || null;
  if (typeof value === 'number') return String(value);
  const node = asNode(value);
  if (node && typeof node['#text'] === 'string') return (node['#text'] as string).trim() || null;
  return null;
}

/** A finite number or null; anything unparseable is treated as absent, never as 0. */
export function num(value: unknown): number | null {
  const raw = text(value);
  if (raw === null) return null;
  const n = plainDecimal(raw) ?? Number(raw);
  return Number.isFinite(n) ? n : null;
}

/** 10^k for k ≤ 15, each exact as a double. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, k) => 10 ** k);

/**
 * "-12.345", the form of nearly every coordinate and sensor value, without Number(): its digits,
 * at most 15, make an integer m < 2^53 and the value is m / 10^k. Both are exact doubles, so the
 * one rounded division gives the double nearest the decimal, which is what Number() gives. Any
 * other form (exponents, signs other than a leading "-", a bare "." side, more digits) returns
 * null and goes to Number(). Six values a point in a 24 h file, this was the reader's costliest call.
 */
function plainDecimal(raw: string): number | null {
  const negative = raw.charCodeAt(0) === 0x2d; /* - */
  let i = negative ? 1 : 0;
  let m = 0;
  let digits = 0;
  let fraction = -1;
  for (; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      m = m * 10 + (c - 0x30);
      digits++;
    } else if (c === 0x2e /* . */ && fraction < 0 && digits > 0) fraction = digits;
    else return null;
  }
  if (digits === 0 || digits > 15 || fraction === digits) return null;
  const value = fraction < 0 ? m : m / POWERS_OF_TEN[digits - fraction]!;
  return negative ? -value : value;
}

/** ISO 8601 instant in ms, or null. */
export function time(value: unknown): number | null {
  const raw = text(value);
  if (raw === null) return null;
  const ms = wholeSecondUtc(raw) ?? Date.parse(raw);
  return Number.isFinite(ms) ? ms : null;
}

let dayPrefix = '';
let dayMs = NaN;

/**
 * "2024-06-01T04:00:07Z", the form nearly every point is written in, without Date.parse: the
 * day's "YYYY-MM-DDT" is parsed once (Date.parse, so the same days are valid) and reused while
 * the points stay on that day, and the clock is read digit by digit. Anything else (fractions,
 * offsets, out-of-range fields) returns null and goes to Date.parse, so results are the same.
 */
function wholeSecondUtc(raw: string): number | null {
  if (raw.length !== 20 || raw.charCodeAt(19) !== 0x5a /* Z */ || raw.charCodeAt(10) !== 0x54 /* T */) return null;
  if (raw.charCodeAt(4) !== 0x2d || raw.charCodeAt(7) !== 0x2d || raw.charCodeAt(13) !== 0x3a || raw.charCodeAt(16) !== 0x3a) return null;
  const hours = twoDigits(raw, 11);
  const minutes = twoDigits(raw, 14);
  const seconds = twoDigits(raw, 17);
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  if (!raw.startsWith(dayPrefix) || dayPrefix === '') {
    dayPrefix = raw.slice(0, 11);
    dayMs = Date.parse(`${dayPrefix}00:00:00Z`);
  }
  return Number.isFinite(dayMs) ? dayMs + ((hours * 60 + minutes) * 60 + seconds) * 1000 : null;
}

/** Two ASCII digits at `at` as a number, or 99 (out of every range) when they are not digits. */
function twoDigits(raw: string, at: number): number {
  const a = raw.charCodeAt(at) - 0x30;
  const b = raw.charCodeAt(at + 1) - 0x30;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : 99;
}
