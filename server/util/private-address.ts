import { BlockList, isIP } from 'node:net';

// CONTRACT: Beyond the spec … Integrations: webhooks never reach loopback, private or link-local
// addresses (nor the other special ranges a request could use to reach the host's own network)
// unless WEBHOOK_ALLOW_PRIVATE=true.

// two lists: one BlockList would match an IPv4 address against the IPv4-mapped IPv6 rule too
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  blockedV4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96], // IPv4-mapped: checked as the IPv4 address when written dotted, else refused
  ['64:ff9b::', 96], // NAT64
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
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
