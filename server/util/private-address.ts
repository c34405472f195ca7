import { BlockList, isIP } from 'node:net';

// CONTRACT: Beyond the spec … Integrations: webhooks never reach loopback, private or link-local
// addresses (nor the other special-purpose ranges: shared address space, benchmarking,
// documentation, multicast, reserved, broadcast, and the IPv6 forms that carry an IPv4 address)
// unless WEBHOOK_ALLOW_PRIVATE=true.

// two lists: one BlockList would match an IPv4 address against the IPv4-mapped IPv6 rule too
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
// IANA's special-purpose registries (RFC 6890 and its updates): every range that is not a
// globally reachable unicast address, and the IPv6 forms that carry an IPv4 address inside.
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.31.196.0', 24], // AS112
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16],
  ['192.175.48.0', 24], // AS112 direct delegation
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
] as const)
  blockedV4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible ::a.b.c.d
  ['::ffff:0:0', 96], // IPv4-mapped: checked as the IPv4 address when written dotted, else refused
  ['::ffff:0:0:0', 96], // IPv4-translated
  ['64:ff9b::', 96], // NAT64 (an IPv4 address inside)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments: Teredo (an IPv4 address inside), benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (an IPv4 address inside)
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
] as const)
  blockedV6.addSubnet(net, prefix, 'ipv6');

/** True for an address a webhook must not reach (and for anything that is not an IP address). */
export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return true;
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return isPrivateAddress(mapped[1]);
  const family = isIP(bare);
  if (family === 0) return true;
  return family === 4 ? blockedV4.check(bare, 'ipv4') : blockedV6.check(bare, 'ipv6');
}
