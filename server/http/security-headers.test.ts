import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeNextRequest, NodeNextResponse } from 'next/dist/server/base-http/node';
import { sendResponse } from 'next/dist/server/send-response';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { mapTiles } from '../map-tiles';
import { contentSecurityPolicy, securityHeaders, tileSource, withDefaultHeaders } from './security-headers';

/** The CSP the server sends for an environment (scripts/start.ts passes MAP_TILE_URL as parsed). */
function cspFor(raw: Record<string, string>): string {
  const config = parseEnv({ SECRET_KEY: 'x'.repeat(32), DATABASE_URL: 'postgres://x@127.0.0.1/x', ...raw });
  return Object.fromEntries(securityHeaders(config.MAP_TILE_URL))['Content-Security-Policy']!;
}

describe('security headers', () => {
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

  // CONTRACT: Beyond the spec … Maps, privacy zones, sharing: the CSP allows exactly the configured tile origin
  it('by default the CSP allows OpenStreetMap tiles and the map shows their attribution', () => {
    const config = parseEnv({ SECRET_KEY: 'x'.repeat(32), DATABASE_URL: 'postgres://x@127.0.0.1/x' });
    expect(mapTiles(config)).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    });
    const imgSrc = cspFor({})
      .split('; ')
      .find((d) => d.startsWith('img-src'));
    expect(imgSrc).toBe("img-src 'self' data: blob: https://tile.openstreetmap.org");
  });

  it('a custom tile server is the only tile origin allowed, with its own attribution as text', () => {
    const raw = { MAP_TILE_URL: 'http://127.0.0.1:3421/tiles/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'Tiles <b>Local</b> & co' };
    const imgSrc = cspFor(raw)
      .split('; ')
      .find((d) => d.startsWith('img-src'));
    expect(imgSrc).toBe("img-src 'self' data: blob: http://127.0.0.1:3421");
    expect(cspFor(raw)).not.toContain('openstreetmap');
    const config = parseEnv({ SECRET_KEY: 'x'.repeat(32), DATABASE_URL: 'postgres://x@127.0.0.1/x', ...raw });
    expect(mapTiles(config)).toEqual({ url: raw.MAP_TILE_URL, attribution: 'Tiles &#60;b&#62;Local&#60;/b&#62; &#38; co' });
  });

  it('MAP_TILE_URL=none: no tiles, and the CSP allows no tile origin', () => {
    expect(mapTiles({ MAP_TILE_URL: 'none' })).toBeNull();
    expect(cspFor({ MAP_TILE_URL: 'none' })).toContain("img-src 'self' data: blob:;");
  });
});

describe('route headers win over the server-wide defaults', () => {
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
