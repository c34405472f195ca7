import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as activitiesRoute from '@/app/api/v1/activities/route';
import * as profileRoute from '@/app/api/v1/profile/route';
import * as trpcRoute from '@/app/api/trpc/[trpc]/route';
import { openDatabase, type Database } from '@/db/client';
import { useDatabaseForTests } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';

// A PostgreSQL that is connected and then hangs (here: a TCP relay in front of the
// real server that stops passing bytes, as a frozen host or a dropped network would) made requests
// wait 40 s and more. With the client-side deadline per statement they answer 503, and once the
// server answers again the same process serves normally.

const RELAY_PORT = 3343;
const noParams = { params: Promise.resolve({}) };

/** Relays TCP to PostgreSQL; `freeze()` stops passing bytes both ways without closing anything. */
function relayTo(port: number): { server: Server; freeze(): void; thaw(): void } {
  let frozen = false;
  const pairs: [Socket, Socket][] = [];
  const server = createServer((client) => {
    const upstream = createConnection(port, '127.0.0.1');
    pairs.push([client, upstream]);
    const pass = (from: Socket, to: Socket) => from.on('data', (chunk) => !frozen && to.write(chunk));
    pass(client, upstream);
    pass(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  return {
    server,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
    },
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL that hangs after connecting', () => {
  let real: TestDatabase;
  let relayed: Database;
  let relay: ReturnType<typeof relayTo>;
  let token = '';

  beforeAll(async () => {
    useTestEnv({ RATE_LIMIT_ENABLED: 'false' });
    real = await openTestDatabase('postgres');
    const url = new URL(real.url!);
    relay = relayTo(Number(url.port || 5432));
    await new Promise<void>((resolve) => relay.server.listen(RELAY_PORT, '127.0.0.1', resolve));
    url.host = `127.0.0.1:${RELAY_PORT}`;
    relayed = await openDatabase({ databaseUrl: url.toString() });
    useDatabaseForTests(relayed);
    ({ token } = await signedInUser(relayed.db));
  });
  afterAll(async () => {
    relay.thaw();
    await relayed.close().catch(() => undefined);
    relay.server.close();
    await real.close();
  });

  const auth = () => ({ 'x-stride-peer': '10.27.1.1', authorization: `Bearer ${token}`, 'x-client-type': 'mobile' });
  const calls: [string, () => Promise<Response>][] = [
    ['GET /profile', () => profileRoute.GET(new Request('http://127.0.0.1/api/v1/profile', { headers: auth() }), noParams)],
    ['GET /activities', () => activitiesRoute.GET(new Request('http://127.0.0.1/api/v1/activities', { headers: auth() }), noParams)],
    ['tRPC profile.me', () => trpcRoute.GET(new Request('http://127.0.0.1/api/trpc/profile.me', { headers: auth() }))],
  ];

  it('answers 503 problems while it hangs, and normally once it answers again', async () => {
    for (const [label, call] of calls) expect((await call()).status, label).toBe(200);
    relay.freeze();
    const started = performance.now();
    const answers = await Promise.all(calls.map(([, call]) => call()));
    console.info(`[figure] hung PostgreSQL: ${calls.length} requests answered in ${Math.round(performance.now() - started)} ms`);
    for (const [index, res] of answers.entries()) {
      expect(res.status, calls[index]![0]).toBe(503);
      const body = await res.json();
      expect((body.error?.data?.problem ?? body).type).toBe('urn:service:error:service-unavailable');
    }
    relay.thaw();
    for (const [label, call] of calls) expect((await call()).status, `${label} after the server answers again`).toBe(200);
  });
});
