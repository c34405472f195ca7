import { describe, expect, it, vi } from 'vitest';
import { clientAddress } from './client-address';
import { formatIp, ipInRange, parseIp, parseIpRange } from './ip-address';

vi.mock('../log/logger', () => ({ log: () => ({ warn: vi.fn() }) }));

function headers(peer: string | undefined, xff?: string): Headers {
  const h = new Headers();
  if (peer !== undefined) h.set('x-stride-peer', peer);
  if (xff !== undefined) h.set('x-forwarded-for', xff);
  return h;
}

describe('IP parsing and CIDR matching', () => {
  it('accepts IPv4 and IPv6, rejects names and malformed text', () => {
    expect(parseIp('192.0.2.1')).toMatchObject({ version: 4 });
    expect(parseIp('2001:db8::1')).toMatchObject({ version: 6 });
    for (const bad of ['localhost', '1.2.3', '256.1.1.1', '01.2.3.4', '2001:db8::g', '', 'unknown']) {
      expect(parseIp(bad), bad).toBeNull();
    }
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address it carries', () => {
    expect(formatIp(parseIp('::ffff:127.0.0.1')!)).toBe('127.0.0.1');
    expect(formatIp(parseIp('::FFFF:7f00:1')!)).toBe('127.0.0.1');
  });

  it('prints IPv6 canonically (RFC 5952) and drops a zone id', () => {
    expect(formatIp(parseIp('2001:DB8:0:0:0:0:0:1')!)).toBe('2001:db8::1');
    expect(formatIp(parseIp('fe80::1%eth0')!)).toBe('fe80::1');
  });

  it('matches CIDRs bit by bit, for both families', () => {
    const inRange = (ip: string, range: string) => ipInRange(parseIp(ip)!, parseIpRange(range)!);
    expect(inRange('10.1.2.3', '10.0.0.0/8')).toBe(true);
    expect(inRange('11.0.0.1', '10.0.0.0/8')).toBe(false);
    expect(inRange('172.31.255.255', '172.16.0.0/12')).toBe(true);
    expect(inRange('172.32.0.0', '172.16.0.0/12')).toBe(false);
    expect(inRange('2001:db8:abcd::1', '2001:db8::/32')).toBe(true);
    expect(inRange('2001:db9::1', '2001:db8::/32')).toBe(false);
    expect(inRange('10.0.0.1', '::ffff:10.0.0.0/104')).toBe(true);
    expect(inRange('10.0.0.1', '::/0')).toBe(false);
    expect(inRange('2001:db8::1', '0.0.0.0/0')).toBe(false);
    for (const bad of ['10.0.0.0/33', '2001:db8::/129', '10.0.0.0/x', 'host/8', '10.0.0.0/8/8']) {
      expect(parseIpRange(bad), bad).toBeNull();
    }
  });
});

describe('clientAddress: CONTRACT.md "Configuration" TRUSTED_PROXIES', () => {
  it('is "unknown" without the peer header our server sets', () => {
    expect(clientAddress(headers(undefined, '203.0.113.5'), ['0.0.0.0/0'])).toBe('unknown');
    expect(clientAddress(headers('not-an-ip'), [])).toBe('unknown');
  });

  it('is the socket peer when no proxy is trusted (the default), whatever X-Forwarded-For says', () => {
    expect(clientAddress(headers('198.51.100.4', '203.0.113.5'), [])).toBe('198.51.100.4');
  });

  it('ignores a spoofed X-Forwarded-For from an untrusted peer', () => {
    expect(clientAddress(headers('198.51.100.4', '127.0.0.1, 10.0.0.1'), ['127.0.0.1', '10.0.0.0/8'])).toBe('198.51.100.4');
  });

  it('believes X-Forwarded-For from a trusted peer, mapped loopback included', () => {
    expect(clientAddress(headers('::ffff:127.0.0.1', '203.0.113.5'), ['127.0.0.1'])).toBe('203.0.113.5');
    expect(clientAddress(headers('127.0.0.1', '203.0.113.5'), ['::ffff:127.0.0.1'])).toBe('203.0.113.5');
    expect(clientAddress(headers('::1', '2001:db8::42'), ['::1'])).toBe('2001:db8::42');
  });

  it('walks right to left past trusted proxies; a client-supplied left part cannot pick the address', () => {
    const trusted = ['127.0.0.1', '10.0.0.0/8', 'fd00::/8'];
    expect(clientAddress(headers('127.0.0.1', '1.1.1.1, 203.0.113.5, 10.0.0.2, fd00::3'), trusted)).toBe('203.0.113.5');
  });

  it('takes the leftmost address when every hop is trusted', () => {
    expect(clientAddress(headers('127.0.0.1', '10.0.0.9, 10.0.0.2'), ['127.0.0.1', '10.0.0.0/8'])).toBe('10.0.0.9');
  });

  it('stops at an element that is not an address, keeping the last address read', () => {
    expect(clientAddress(headers('127.0.0.1', 'evil, 10.0.0.2'), ['127.0.0.1', '10.0.0.0/8'])).toBe('10.0.0.2');
    expect(clientAddress(headers('127.0.0.1', 'unknown'), ['127.0.0.1'])).toBe('127.0.0.1');
  });

  it('is the trusted peer itself when X-Forwarded-For is absent or empty', () => {
    expect(clientAddress(headers('127.0.0.1'), ['127.0.0.1'])).toBe('127.0.0.1');
    expect(clientAddress(headers('127.0.0.1', ' , '), ['127.0.0.1'])).toBe('127.0.0.1');
  });

  it('reads ports and brackets, and returns only canonical addresses', () => {
    expect(clientAddress(headers('127.0.0.1', '203.0.113.5:4711'), ['127.0.0.1'])).toBe('203.0.113.5');
    expect(clientAddress(headers('127.0.0.1', '[2001:DB8::7]:443'), ['127.0.0.1'])).toBe('2001:db8::7');
    expect(clientAddress(headers('127.0.0.1', '::ffff:203.0.113.5'), ['127.0.0.1'])).toBe('203.0.113.5');
  });

  it('reads every X-Forwarded-For header line (Headers joins them with commas)', () => {
    const h = headers('127.0.0.1');
    h.append('x-forwarded-for', '203.0.113.5');
    h.append('x-forwarded-for', '10.0.0.2');
    expect(clientAddress(h, ['127.0.0.1', '10.0.0.0/8'])).toBe('203.0.113.5');
  });

  it('ignores TRUSTED_PROXIES entries that are not addresses or CIDRs', () => {
    expect(clientAddress(headers('127.0.0.1', '203.0.113.5'), ['localhost', '127.0.0.1'])).toBe('203.0.113.5');
    expect(clientAddress(headers('127.0.0.1', '203.0.113.5'), ['localhost'])).toBe('127.0.0.1');
  });

  it('reads TRUSTED_PROXIES from env() by default', async () => {
    const { setEnvForTests } = await import('../env');
    setEnvForTests({ SECRET_KEY: 'x'.repeat(32), TRUSTED_PROXIES: '127.0.0.1, ::1' });
    expect(clientAddress(headers('::1', '203.0.113.5'))).toBe('203.0.113.5');
  });
});
