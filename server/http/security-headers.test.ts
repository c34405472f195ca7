import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeNextRequest, NodeNextResponse } from 'next/dist/server/base-http/node';
import { sendResponse } from 'next/dist/server/send-response';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders, tileSource, withDefaultHeaders } from './security-headers';

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

describe('route headers win over the server-wide defaults (issue 27)', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    const defaults = securityHeaders(undefined);
    // the answer is written by Next.js's own sendResponse, as `next start` and scripts/start.ts do
    server = createServer((req, res) => {
      withDefaultHeaders(res, defaults);
      const media = req.url === '/media';
      const headers: Record<string, string> = media
        ? { 'content-type': 'image/png', 'content-security-policy': "default-src 'none'; sandbox" }
        : { 'content-type': 'text/plain' };
      void sendResponse(new NodeNextRequest(req) as never, new NodeNextResponse(res), new Response('x', { headers }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it("a media answer keeps its own CSP (default-src 'none'; sandbox); others get the server's", async () => {
    const media = await fetch(`${base}/media`);
    expect(media.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(media.headers.get('x-content-type-options')).toBe('nosniff');
    const page = await fetch(`${base}/page`);
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy(undefined));
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });
});
