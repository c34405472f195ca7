import type { ServerResponse } from 'node:http';
// Headers on every answer, pages and API alike, set once per request by our HTTP
// server (scripts/start.ts) rather than by a middleware/proxy file (STACK.md: that halves
// throughput). Computed once at start-up from the configuration.
//
// The Content-Security-Policy is what the app needs and no more: Next.js's own inline bootstrap
// scripts (no per-request nonce without a middleware, hence 'unsafe-inline' for scripts, still
// limited to our origin for files), inline styles that Leaflet and uPlot set on their elements,
// map tiles from MAP_TILE_URL's origin (OpenStreetMap's by default, none for `none`: CONTRACT:
// Beyond the spec … Maps, privacy zones, sharing), and canvases/blobs. No framing by anybody.

/** The CSP source for a tile URL template's origin; a `{s}` subdomain becomes a wildcard. */
export function tileSource(template: string | undefined): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template ?? '');
  if (!match) return null;
  const scheme = match[1]!.toLowerCase();
  const host = match[2]!.replace(/\{[^}]*\}/g, '*');
  // CSP allows a wildcard only as the whole leftmost label; otherwise allow the scheme
  return /^(\*\.)?[^*]+$/.test(host) ? `${scheme}://${host}` : `${scheme}:`;
}

export function contentSecurityPolicy(mapTileUrl: string | undefined): string {
  const tiles = tileSource(mapTileUrl);
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ''}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(mapTileUrl: string | undefined): ReadonlyArray<readonly [string, string]> {
  return [
    ['X-Content-Type-Options', 'nosniff'],
    // tile servers (OpenStreetMap's policy) want a Referer: send our origin, never paths
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Content-Security-Policy', contentSecurityPolicy(mapTileUrl)],
  ];
}

/**
 * The headers above are defaults, added when the answer is written and only where the
 * route set none of its own. Set before Next.js ran, they won: Next never replaces a header that
 * is already present, so media answers lost their `default-src 'none'; sandbox` policy.
 */
export function withDefaultHeaders(res: ServerResponse, headers: ReadonlyArray<readonly [string, string]>): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    if (!res.headersSent) for (const [name, value] of headers) if (!res.hasHeader(name)) res.setHeader(name, value);
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
}
