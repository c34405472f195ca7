import { env } from '../env';
import { log } from '../log/logger';
import { PEER_HEADER } from './peer-header';
import { formatIp, ipInRange, parseIp, parseIpRange, type IpAddress, type IpRange } from './ip-address';

// CONTRACT: Configuration: TRUSTED_PROXIES lists the addresses or CIDRs whose X-Forwarded-For
// is believed when finding the client address; by default none, so the socket address counts.

export const UNKNOWN_CLIENT = 'unknown';

const parsedRanges = new WeakMap<readonly string[], IpRange[]>();

function trustedRanges(entries: readonly string[]): IpRange[] {
  let ranges = parsedRanges.get(entries);
  if (!ranges) {
    ranges = [];
    for (const entry of entries) {
      const range = parseIpRange(entry);
      if (range) ranges.push(range);
      else log().warn({ entry }, 'TRUSTED_PROXIES entry is not an address or CIDR; ignored');
    }
    parsedRanges.set(entries, ranges);
  }
  return ranges;
}

/** One X-Forwarded-For element: an address, 'a.b.c.d:port' or '[v6]:port' (RFC 7239 style). */
function parseForwardedElement(element: string): IpAddress | null {
  const text = element.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) return parseIp(bracketed[1]!);
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text);
  return parseIp(v4WithPort ? v4WithPort[1]! : text);
}

/**
 * The address rate limits and sessions attribute a request to. X-Forwarded-For counts only when the
 * socket peer is a trusted proxy; then the list is read right to left (each hop appends the address
 * it saw), skipping trusted proxies, and the first untrusted address is the client. If every hop is
 * trusted the leftmost counts. An element that is not an address ends the walk: nothing to its left
 * can be attributed, so the last address read counts.
 */
export function clientAddress(headers: Headers, trustedProxies: readonly string[] = env().TRUSTED_PROXIES): string {
  const peerText = headers.get(PEER_HEADER);
  const peer = peerText ? parseIp(peerText) : null;
  if (!peer) return UNKNOWN_CLIENT;

  const ranges = trustedRanges(trustedProxies);
  const isTrusted = (ip: IpAddress) => ranges.some((range) => ipInRange(ip, range));
  if (!isTrusted(peer)) return formatIp(peer);

  const hops = (headers.get('x-forwarded-for') ?? '').split(',').filter((s) => s.trim() !== '');
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = parseForwardedElement(hops[i]!);
    if (!hop) break;
    client = hop;
    if (!isTrusted(hop)) break;
  }
  return formatIp(client);
}
