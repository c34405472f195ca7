import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as openApiRoute from '@/app/api/v1/openapi.json/route';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv as applyTestEnv } from '@/server/testing/test-env';

const noParams = { params: Promise.resolve({}) };
const get = (headers: Record<string, string> = {}) =>
  new Request('http://127.0.0.1:3000/api/v1/openapi.json', { headers: { 'x-stride-peer': '10.7.0.1', ...headers } });

describe.each(testEngines())('GET /api/v1/openapi.json on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    applyTestEnv();
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
  });
  afterAll(async () => database.close());

  it('is public, cacheable and carries a strong ETag', async () => {
    const res = await openApiRoute.GET(get(), noParams);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('cache-control')).toMatch(/public/);
    expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const doc = await res.json();
    expect(doc.paths['/activities/create/upload'].post.summary).toBe('Upload an activity file');
  });

  it('answers 304 without a body to the same ETag, weak or in a list, and 200 to another', async () => {
    const etag = (await openApiRoute.GET(get(), noParams)).headers.get('etag')!;
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const res = await openApiRoute.GET(get({ 'if-none-match': tag }), noParams);
      expect(res.status).toBe(304);
      expect(await res.text()).toBe('');
      expect(res.headers.get('etag')).toBe(etag);
    }
    expect((await openApiRoute.GET(get({ 'if-none-match': '"stale"' }), noParams)).status).toBe(200);
  });

  it('other methods are 405 problems', async () => {
    const res = await openApiRoute.POST(new Request('http://127.0.0.1:3000/api/v1/openapi.json', { method: 'POST' }), noParams);
    expect(res.status).toBe(405);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
  });
});
