import { expect, test } from '../fixtures/test';

// CONTRACT: Errors: unknown paths under /api/v1 answer a 404 problem. The route files alone cannot
// show that Next.js routes /api/v1 itself (and /api/v1/) to the catch-all rather than to its HTML
// 404 page: only the built server can.

test('/api/v1, /api/v1/ and an unknown path under it answer a 404 problem document, never HTML', async ({ request }) => {
  for (const path of ['/api/v1', '/api/v1/', '/api/v1/no/such/path']) {
    const res = await request.get(path, { headers: { 'X-Client-Type': 'web' } });
    expect(res.status(), path).toBe(404);
    expect(res.headers()['content-type'], path).toBe('application/problem+json');
    const body = await res.json();
    expect(body, path).toMatchObject({ type: 'urn:service:error:not-found', status: 404, instance: path });
    expect(body.request_id, path).toBe(res.headers()['x-request-id']);
  }
});
