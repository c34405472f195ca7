import { isIPv4, isIPv6 } from 'node:net';

// IP parsing for the client-address rules: addresses become byte arrays so that CIDR matching is
// exact for IPv4 and IPv6, and an IPv4-mapped IPv6 address ('::ffff:127.0.0.1', what a dual-stack
// Node socket reports for an IPv4 peer) counts as the IPv4 address it carries.

export interface IpAddress {
  version: 4 | 6;
  bytes: Uint8Array;
}

const MAPPED_V4_PREFIX = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

function v4Bytes(text: string): Uint8Array {
  return Uint8Array.from(text.split('.').map(Number));
}

function v6Bytes(text: string): Uint8Array {
  // Node's WHATWG URL parser validates and canonicalises IPv6 (embedded IPv4 included) for us.
  const canonical = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const words = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return Uint8Array.from(words.flatMap((w) => [w >> 8, w & 0xff]));
}

function isMappedV4(bytes: Uint8Array): boolean {
  return MAPPED_V4_PREFIX.every((b, i) => bytes[i] === b);
}

/** Parses an IPv4 or IPv6 address (zone id dropped); mapped IPv4 becomes IPv4. Null if not an IP. */
export function parseIp(text: string): IpAddress | null {
  const trimmed = text.trim();
  if (isIPv4(trimmed)) return { version: 4, bytes: v4Bytes(trimmed) };
  const withoutZone = trimmed.split('%')[0] ?? '';
  if (!isIPv6(withoutZone)) return null;
  const bytes = v6Bytes(withoutZone);
  return isMappedV4(bytes) ? { version: 4, bytes: bytes.slice(12) } : { version: 6, bytes };
}

/** The canonical text of an address: dotted IPv4, RFC 5952 IPv6. */
export function formatIp(ip: IpAddress): string {
  if (ip.version === 4) return Array.from(ip.bytes).join('.');
  const words = Array.from({ length: 8 }, (_, i) => ((ip.bytes[2 * i]! << 8) | ip.bytes[2 * i + 1]!).toString(16));
  return new URL(`http://[${words.join(':')}]/`).hostname.slice(1, -1);
}

export interface IpRange {
  version: 4 | 6;
  bytes: Uint8Array;
  prefixLength: number;
}

/** Parses '10.0.0.0/8', '2001:db8::/32' or a bare address (a /32 or /128 range). Null if invalid. */
export function parseIpRange(text: string): IpRange | null {
  const [addressText = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const ip = parseIp(addressText);
  if (!ip) return null;
  const addressBits = ip.version === 4 ? 32 : 128;
  if (prefixText === undefined) return { ...ip, prefixLength: addressBits };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  let prefixLength = Number(prefixText);
  // '::ffff:10.0.0.0/104' was written against the mapped form: re-base its prefix on IPv4.
  const writtenAsMapped = ip.version === 4 && !isIPv4(addressText.trim());
  if (writtenAsMapped) prefixLength -= 96;
  if (prefixLength < 0 || prefixLength > addressBits) return null;
  return { ...ip, prefixLength };
}

export function ipInRange(ip: IpAddress, range: IpRange): boolean {
  if (ip.version !== range.version) return false;
  const fullBytes = Math.floor(range.prefixLength / 8);
  for (let i = 0; i < fullBytes; i++) if (ip.bytes[i] !== range.bytes[i]) return false;
  const restBits = range.prefixLength % 8;
  if (restBits === 0) return true;
  const mask = (0xff << (8 - restBits)) & 0xff;
  return (ip.bytes[fullBytes]! & mask) === (range.bytes[fullBytes]! & mask);
}

/**
 * The key per-address limits count under. An IPv6 client is handed a whole /64 (often
 * more), so counting each address let one client rotate through 2^64 of them; its /64 is the
 * unit instead. IPv4 addresses, IPv4-mapped IPv6 ones included, count one by one. Anything that
 * is not an address (`unknown`) counts as itself.
 */
export function rateLimitBucket(address: string): string {
  const ip = parseIp(address);
  if (!ip || ip.version === 4) return address;
  const mapped = ip.bytes.subarray(0, 10).every((b) => b === 0) && ip.bytes[10] === 0xff && ip.bytes[11] === 0xff;
  if (mapped) return address;
  const prefix = new Uint8Array(16);
  prefix.set(ip.bytes.subarray(0, 8));
  return `${formatIp({ version: 6, bytes: prefix })}/64`;
}
