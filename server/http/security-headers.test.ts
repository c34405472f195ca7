import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders, tileSource } from './security-headers';

describe('security headers (issue 11)', () => {
  it('every answer gets nosniff, a referrer policy, no framing and a CSP', () => {
    const headers = Object.fromEntries(securityHeaders(undefined));
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headers['Content-Security-Policy']).toContain("img-src 'self' data: blob:;");
  });

  it('map tiles are allowed from the origin of MAP_TILE_URL only', () => {
    expect(tileSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://*.tile.openstreetmap.org');
    expect(tileSource('http://127.0.0.1:3399/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:3399');
    expect(tileSource('https://tile-{s}.example.com/{z}/{x}/{y}.png')).toBe('https:');
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(tileSource(undefined)).toBeNull();
    expect(contentSecurityPolicy('https://tiles.example.com/{z}/{x}/{y}.png')).toContain("img-src 'self' data: blob: https://tiles.example.com;");
  });
});
