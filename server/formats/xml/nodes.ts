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

export function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  const node = asNode(value);
  if (node && typeof node['#text'] === 'string') return (node['#text'] as string).trim() || null;
  return null;
}

/** A finite number or null; anything unparseable is treated as absent, never as 0. */
export function num(value: unknown): number | null {
  const raw = text(value);
  if (raw === null) return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

/** ISO 8601 instant in ms, or null. */
export function time(value: unknown): number | null {
  const raw = text(value);
  if (raw === null) return null;
  const ms = Date.parse(raw);
  return Number.isFinite(ms) ? ms : null;
}
