import { describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, serverTimeouts, SLOW_LINK_BYTES_PER_SECOND } from './server-timeouts';

// The HTTP server's request and header timeouts are Node's 300 s and 60 s no longer,
// but what the largest upload needs on a slow link.

describe('server timeouts', () => {
  it('the default 50 MiB upload cap at 2 Mbit/s: 200 s for the body, 15 s for the headers', () => {
    const timeouts = serverTimeouts(50 * 1024 * 1024);
    expect(timeouts.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(timeouts.requestTimeout).toBe(((50 * 1024 * 1024) / SLOW_LINK_BYTES_PER_SECOND) * 1000 + HEADERS_TIMEOUT_MS);
    expect(timeouts.requestTimeout).toBeLessThan(300_000);
    expect(timeouts.headersTimeout).toBeLessThan(60_000);
  });

  it('a small cap still leaves a minute for a request', () => {
    expect(serverTimeouts(1024).requestTimeout).toBe(60_000);
  });
});
