import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as activitiesRoute from '@/app/api/v1/activities/route';
import * as loginRoute from '@/app/api/v1/auth/login/route';
import * as healthRoute from '@/app/api/v1/health/route';
import * as profileRoute from '@/app/api/v1/profile/route';
import * as trpcRoute from '@/app/api/trpc/[trpc]/route';
import { openDatabase, type Database } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { scopesForRole } from '@/server/auth/scopes';
import { signAccessToken } from '@/server/auth/tokens';
import { useDatabaseForTests } from '@/server/runtime';
import { canRunPrivatePostgres, createPrivatePostgres, type PrivatePostgres } from '@/server/testing/private-postgres';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';

// When the database goes away every route answers a 503 problem (the connect timeout of
// db/unavailable.ts ends a wait on a silent server), REST and tRPC alike, and serves normally again
// once it returns, with the same process and the same client. PostgreSQL: a private cluster stopped
// and started for real. PGlite lives in the process, so its outage is the instance being closed.
// How long each answer takes is measured by `npx tsx bench/robustness/run.ts`, not asserted here.

const PORT = 3311; // our own port (PORTBASE + 1), never the shared 5432
const noParams = { params: Promise.resolve({}) };
const peer = { 'x-stride-peer': '10.7.0.1' };

function restCalls(token: string): [string, () => Promise<Response>][] {
  const auth = { ...peer, authorization: `Bearer ${token}`, 'x-client-type': 'mobile' };
  return [
    ['GET /health', () => healthRoute.GET(new Request('http://127.0.0.1/api/v1/health', { headers: peer }), noParams)],
    ['GET /profile', () => profileRoute.GET(new Request('http://127.0.0.1/api/v1/profile', { headers: auth }), noParams)],
    ['GET /activities', () => activitiesRoute.GET(new Request('http://127.0.0.1/api/v1/activities', { headers: auth }), noParams)],
    [
      'POST /auth/login',
      () =>
        loginRoute.POST(
          new Request('http://127.0.0.1/api/v1/auth/login', {
            method: 'POST',
            headers: { ...peer, 'x-client-type': 'mobile', 'content-type': 'application/x-www-form-urlencoded' },
            body: 'username=outage&password=whatever-it-is',
          }),
          noParams,
        ),
    ],
    ['tRPC profile.me', () => trpcRoute.GET(new Request('http://127.0.0.1/api/trpc/profile.me', { headers: auth }))],
    ['tRPC system.health', () => trpcRoute.GET(new Request('http://127.0.0.1/api/trpc/system.health', { headers: peer }))],
  ];
}

async function expectUnavailable(label: string, call: () => Promise<Response>): Promise<void> {
  const res = await call();
  expect(res.status, `${label}: ${await res.clone().text()}`).toBe(503);
  const body = await res.json();
  // REST: an RFC 9457 problem; tRPC: its error shape carrying the same problem
  const problem = (body.error?.data?.problem ?? body) as { type: string };
  expect(problem.type, label).toBe('urn:service:error:service-unavailable');
}

describe.runIf(canRunPrivatePostgres)('PostgreSQL stopped and started under a running service', () => {
  let cluster: PrivatePostgres;
  let database: Database;
  let token: string;

  beforeAll(async () => {
    useTestEnv({ RATE_LIMIT_ENABLED: 'false' });
    cluster = createPrivatePostgres(PORT);
    database = await openDatabase({ databaseUrl: cluster.url });
    await runMigrations(database);
    useDatabaseForTests(database);
    ({ token } = await signedInUser(database.db));
  });
  afterAll(async () => {
    await database?.close().catch(() => undefined);
    cluster?.destroy();
  });

  it('answers 503 problems on every route while it is down, and normally once it is back', async () => {
    for (const [label, call] of restCalls(token)) expect((await call()).status, label).toBeLessThan(500);

    cluster.stop();
    for (const [label, call] of restCalls(token)) await expectUnavailable(`stopped: ${label}`, call);

    cluster.start();
    for (const [label, call] of restCalls(token)) {
      const res = await call();
      expect(res.status, `${label} after the database returned: ${await res.clone().text()}`).toBeLessThan(500);
    }
  });
});

describe('a PostgreSQL that accepts connections and never answers', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  let database: Database;

  beforeAll(async () => {
    useTestEnv({ RATE_LIMIT_ENABLED: 'false' });
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(PORT + 1, '127.0.0.1', resolve));
    database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${PORT + 1}/postgres` });
    useDatabaseForTests(database);
  });
  afterAll(async () => {
    await database.close().catch(() => undefined);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up at the connect timeout: every route answers a 503 problem, none hangs', async () => {
    // a well-signed token, so each route gets as far as asking the database about its session
    const token = await signAccessToken({ userId: 1, sessionId: randomUUID(), scopes: scopesForRole('regular') });
    for (const [label, call] of restCalls(token).slice(1)) await expectUnavailable(`silent: ${label}`, call);
  });
});

describe('PGlite closed under a running service', () => {
  let database: Database;
  let token: string;

  beforeAll(async () => {
    useTestEnv({ RATE_LIMIT_ENABLED: 'false' });
    database = await openTestDatabase('pglite');
    useDatabaseForTests(database);
    ({ token } = await signedInUser(database.db));
  });

  it('answers 503 problems, not 500, once the embedded database is gone', async () => {
    await database.close();
    for (const [label, call] of restCalls(token)) await expectUnavailable(`PGlite closed: ${label}`, call);
  });
});
