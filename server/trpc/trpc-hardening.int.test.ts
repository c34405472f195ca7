import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/db/client';
import * as trpcRoute from '@/app/api/trpc/[trpc]/route';
import { MAX_BODY_BYTES } from '@/server/http/read-body';
import { resetRateLimitStateForTests, tierPolicies, webTierPolicies } from '@/server/rate-limit';
import { signedInUser } from '@/server/testing/signed-in-user';
import { useDatabaseForTests } from '@/server/runtime';
import { getHealth } from '@/server/services/health/get-health';
import { openTestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { MAX_TRPC_BATCH } from './batch-limit';

// The REST hardening for the tRPC transport, through its route handler: the REST body cap, a maximum batch
// size refused before any procedure runs, public procedures and failed authentication counted
// per address like their REST twins.

// A spy running the real health check: it tells whether a procedure ran at all.
vi.mock('@/server/services/health/get-health', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/server/services/health/get-health')>();
  return { ...real, getHealth: vi.fn(real.getHealth) };
});

const BASE = 'http://127.0.0.1:3000/api/trpc';
let database: Database;
let peer = 0;
const freshAddress = () => `10.9.${Math.floor(++peer / 250)}.${(peer % 250) + 1}`;

function batchOf(procedure: string, n: number, address: string, headers: Record<string, string> = {}): Request {
  return new Request(`${BASE}/${Array(n).fill(procedure).join(',')}?batch=1`, { headers: { 'x-stride-peer': address, ...headers } });
}

const call = (req: Request) => trpcRoute.GET(req);

beforeAll(async () => {
  useTestEnv();
  resetRateLimitStateForTests();
  database = await openTestDatabase('pglite');
  useDatabaseForTests(database);
});
afterAll(async () => database.close());
beforeEach(() => {
  vi.mocked(getHealth).mockClear();
});

describe('tRPC bodies have the REST cap of 1 MiB', () => {
  it('a declared Content-Length over the cap → 413 problem before the body is read', async () => {
    const never = new ReadableStream({ pull: () => new Promise(() => {}) });
    const req = new Request(`${BASE}/profile.update`, {
      method: 'POST',
      body: never,
      duplex: 'half',
      headers: { 'content-type': 'application/json', 'content-length': String(20 * 1024 * 1024), 'x-stride-peer': freshAddress() },
    } as RequestInit);
    const res = await trpcRoute.POST(req);
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
  });

  it('a body without Content-Length is counted as it streams: past the cap → 413', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        if (sent > 4 * MAX_BODY_BYTES) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const req = new Request(`${BASE}/profile.update`, {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: { 'content-type': 'application/json', 'x-stride-peer': freshAddress() },
    } as RequestInit);
    const res = await trpcRoute.POST(req);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(2 * MAX_BODY_BYTES);
  });
});

describe(`tRPC batches hold at most ${MAX_TRPC_BATCH} calls`, () => {
  it(`a batch of ${MAX_TRPC_BATCH + 1} → 400 and no procedure runs; ${MAX_TRPC_BATCH} are answered`, async () => {
    const refused = await call(batchOf('system.health', MAX_TRPC_BATCH + 1, freshAddress()));
    expect(refused.status).toBe(400);
    expect(getHealth).not.toHaveBeenCalled();
    const answered = await call(batchOf('system.health', MAX_TRPC_BATCH, freshAddress()));
    expect(answered.status).toBe(200);
    expect(await answered.json()).toHaveLength(MAX_TRPC_BATCH);
    expect(getHealth).toHaveBeenCalledTimes(MAX_TRPC_BATCH);
  });

  it("500 calls in one batch (the issue's attack) are refused without running any", async () => {
    const res = await call(batchOf('system.health', 500, freshAddress()));
    expect(res.status).toBe(400);
    expect(getHealth).not.toHaveBeenCalled();
  });
});

describe('tRPC calls are counted per address like their REST twins (DEFAULT: 120 a minute)', () => {
  it('system.health: 120 calls from one address pass, the 121st is TOO_MANY_REQUESTS; another address passes', async () => {
    const address = freshAddress();
    for (let i = 0; i < 12; i++) expect((await call(batchOf('system.health', 10, address))).status).toBe(200);
    const over = await call(batchOf('system.health', 1, address));
    expect(over.status).toBe(429);
    expect(JSON.stringify(await over.json())).toContain('TOO_MANY_REQUESTS');
    expect((await call(batchOf('system.health', 1, freshAddress()))).status).toBe(200);
  });

  it('a bad access token is counted per address before its UNAUTHORIZED: the 121st call is TOO_MANY_REQUESTS', async () => {
    const address = freshAddress();
    const headers = { authorization: 'Bearer not.a.token' };
    for (let i = 0; i < 12; i++) {
      const res = await call(batchOf('profile.me', 10, address, headers));
      expect(res.status).toBe(401);
    }
    expect((await call(batchOf('profile.me', 1, address, headers))).status).toBe(429);
    expect((await call(batchOf('profile.me', 1, address))).status).toBe(429);
  });
});

describe("issue 50: a signed-in session counts in the web app's tiers (DEFAULT 600 a minute), so fast clicking never meets them", () => {
  it('40 pages of ten queries pass; past 600 the call is TOO_MANY_REQUESTS with the wait in the problem; secrets, files and provider calls keep the REST tiers', async () => {
    const user = await signedInUser(database.db);
    const address = freshAddress();
    const headers = { authorization: `Bearer ${user.token}`, 'x-client-type': 'mobile' };
    // what a person clicking 40 pages a minute asks, each page ten queries
    for (let page = 0; page < 40; page++) expect((await call(batchOf('profile.me', 10, address, headers))).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await call(batchOf('profile.me', 10, address, headers))).status).toBe(200);
    const over = await call(batchOf('profile.me', 1, address, headers));
    expect(over.status).toBe(429);
    const [answer] = (await over.json()) as { error: { data: { problem: { status: number; retry_after: number } } } }[];
    expect(answer!.error.data.problem.status).toBe(429);
    expect(answer!.error.data.problem.retry_after).toBeGreaterThanOrEqual(1);
    expect(answer!.error.data.problem.retry_after).toBeLessThanOrEqual(60);
    expect(webTierPolicies.DEFAULT.perMinute).toBe(600);
    expect(webTierPolicies.WRITE.perMinute).toBe(120);
    // the limits that guard secrets, files and provider calls are REST's
    expect(webTierPolicies.SENSITIVE).toEqual(tierPolicies.SENSITIVE);
    expect(webTierPolicies.UPLOAD).toEqual(tierPolicies.UPLOAD);
  });
});
