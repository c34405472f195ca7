import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './private-address';

// CONTRACT: Beyond the spec … Integrations: no loopback, private, link-local or other
// special-purpose webhook targets (issue 49, case 13). Each row: the address, why it is refused.
const REFUSED: [string, string][] = [
  ['127.0.0.1', 'loopback'],
  ['127.9.9.9', 'loopback'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['0.0.0.0', '"this network"'],
  ['0.1.2.3', '"this network" 0/8'],
  ['100.64.0.1', 'shared address space 100.64/10'],
  ['100.127.255.254', 'shared address space 100.64/10'],
  ['198.18.0.1', 'benchmarking 198.18/15'],
  ['198.19.255.254', 'benchmarking 198.18/15'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['192.0.2.10', 'documentation TEST-NET-1'],
  ['198.51.100.7', 'documentation TEST-NET-2'],
  ['203.0.113.99', 'documentation TEST-NET-3'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast (SSDP)'],
  ['240.0.0.1', 'reserved 240/4'],
  ['255.255.255.255', 'broadcast'],
  ['::1', 'IPv6 loopback'],
  ['::', 'IPv6 unspecified'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%eth0', 'zoned IPv6 link-local'],
  ['fd00::1', 'unique local'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'IPv6 multicast'],
  ['2001:db8::1', 'IPv6 documentation'],
  ['2001:db8:ffff::1', 'IPv6 documentation'],
  ['3fff::1', 'IPv6 documentation (RFC 9637)'],
  ['100::1', 'discard-only'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback, dotted'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:100.64.0.1', 'IPv4-mapped shared address space'],
  ['::ffff:169.254.169.254', 'IPv4-mapped cloud metadata'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped cloud metadata, hex'],
  ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
  ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
  ['64:ff9b::c0a8:101', 'NAT64 of 192.168.1.1'],
  ['64:ff9b:1::a00:1', 'local-use NAT64'],
  ['2002:7f00:1::', '6to4 of loopback'],
  ['2002:a00:1::1', '6to4 of 10.0.0.1'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['[::1]', 'bracketed'],
  ['not-an-ip', 'not an address'],
  ['', 'empty'],
];
const PUBLIC = ['93.184.216.34', '1.1.1.1', '172.32.0.1', '100.128.0.1', '198.20.0.1', '192.0.3.1', '2606:4700:4700::1111', '::ffff:93.184.216.34'];

describe('isPrivateAddress (CONTRACT: Beyond the spec … Integrations: special-purpose webhook targets refused)', () => {
  it.each(REFUSED)('%s is refused (%s)', (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(PUBLIC)('%s is public', (address) => expect(isPrivateAddress(address)).toBe(false));
});
