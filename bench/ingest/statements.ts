import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { apiKeys, users } from '../../db/schema';
import { newApiKey } from '../../server/auth/api-key-format';
import { setEnvForTests } from '../../server/env';
import { settleEvents } from '../../server/events/activity-created';
import { parseActivityFile } from '../../server/formats';
import { authenticateApiKey } from '../../server/services/api-keys/authenticate-api-key';
import { ingestActivities } from '../../server/services/ingestion/ingest-activities';
import { prepareActivity } from '../../server/services/ingestion/prepare-activity';

// Every statement an upload runs on PGlite, counted and timed: the API-key check, the store's
// transaction (as the upload route runs it, without an Idempotency-Key unless KEY=1) and the
// activity.created subscribers. Each PGlite call (query, exec, the simple-query protocol) is
// timed in wall and CPU time (process.cpuUsage; nothing else runs in this process).
//   npx tsx bench/ingest/statements.ts [file relative to the corpus] [runs, default 20]

const corpus = resolve(process.env.CORPUS_DIR ?? join(process.cwd(), '../shared/corpus'));
const rel = process.argv[2] ?? 'fit/garmin_edge500_ride_3h31.fit';
const runs = Number(process.argv[3] ?? 20);
setEnvForTests({ SECRET_KEY: 'x'.repeat(32), DATA_DIR: mkdtempSync(join(tmpdir(), 'stride-statements-')) });

interface Tally {
  count: number;
  cpu: number[];
}
const tallies = new Map<string, Tally>();
let counting = false;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const label = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\$\d+/g, '$')
    .replace(/'(?:[^']|'')*'/g, "'…'")
    .replace(/\b\d+\b/g, 'n')
    .slice(0, 110);

function timed<A extends unknown[], R>(kind: string, fn: (...args: A) => Promise<R>, text: (first: A[0]) => string) {
  return async (...args: A): Promise<R> => {
    if (!counting) return fn(...args);
    const since = process.cpuUsage();
    try {
      return await fn(...args);
    } finally {
      const key = `${kind} ${label(text(args[0]))}`;
      const tally = tallies.get(key) ?? { count: 0, cpu: [] };
      tally.count += 1;
      tally.cpu.push(cpuMs(since));
      tallies.set(key, tally);
    }
  };
}

/**
 * Wraps the client's (and each transaction's) query() and exec(), and the protocol calls made
 * outside them: BEGIN and COMMIT, and the one-call statements (db/pglite-simple-query.ts).
 * Applied on top of db/client.ts's own wrapper.
 */
function countStatements(client: PGlite): void {
  type Target = Pick<PGlite, 'query' | 'exec'>;
  let inside = 0;
  const within =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      inside++;
      try {
        return await fn(...args);
      } finally {
        inside--;
      }
    };
  const wrap = (target: Target) => {
    target.query = timed('query', within(target.query.bind(target)), (q: string) => q) as Target['query'];
    target.exec = timed('exec', within(target.exec.bind(target)), (q: string) => q) as Target['exec'];
  };
  wrap(client);
  const text = (message: Uint8Array) => (message[0] === 0x51 ? new TextDecoder().decode(message.subarray(5, -1)) : '');
  const raw = client.execProtocolRawStream.bind(client);
  client.execProtocolRawStream = ((message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) =>
    inside ? raw(message, options) : timed('simple', raw, text)(message, options)) as PGlite['execProtocolRawStream'];
  type StreamArgs = [Uint8Array, Parameters<PGlite['execProtocolStream']>[1]?];
  const original = client.execProtocolStream.bind(client);
  const stream = (...args: StreamArgs) => original(...args);
  client.execProtocolStream = ((message: Uint8Array, options?: Parameters<PGlite['execProtocolStream']>[1]) => {
    // BEGIN and COMMIT are sent by PGlite's transaction() itself, the others by db/pglite-inline.ts
    if (inside || message[0] !== 0x51) return stream(message, options);
    return timed<StreamArgs, Awaited<ReturnType<typeof original>>>(
      /^(BEGIN|COMMIT|ROLLBACK)$/.test(text(message)) ? 'protocol' : 'simple',
      within(stream),
      text,
    )(message, options);
  }) as PGlite['execProtocolStream'];
  const transaction = client.transaction.bind(client);
  type Work = Parameters<PGlite['transaction']>[0];
  const whole = timed(
    'transaction',
    (work: Work) => transaction(work),
    () => '(whole, including its statements)',
  );
  client.transaction = ((work: Work) =>
    whole((tx) => {
      wrap(tx);
      return work(tx);
    })) as PGlite['transaction'];
}

const database = await openDatabase({ pgliteDir: 'memory://' });
await runMigrations(database);
const client = (database.db as unknown as { $client: PGlite }).$client;
countStatements(client);
const [user] = await database.db.insert(users).values({ username: 'statements', maxHeartRate: 190 }).returning();
const { key, prefix, hash } = newApiKey();
await database.db
  .insert(apiKeys)
  .values({ id: crypto.randomUUID(), userId: user!.id, name: 'bench', keyPrefix: prefix, keyHash: hash, scopes: JSON.stringify(['activities:upload']) });
const bytes = readFileSync(join(corpus, rel));
const prepared = (await parseActivityFile(bytes, rel)).map(prepareActivity);

async function upload(): Promise<void> {
  const auth = await authenticateApiKey(database.db, key, { endpoint: '/api/v1/activities/create/upload', clientAddress: '127.0.0.1' });
  await ingestActivities(
    database.db,
    auth.userId,
    prepared,
    { source: 'upload', originalPath: '/x', originalFilename: 'ride.fit' },
    { awaitSubscribers: false },
  );
  await settleEvents();
}

for (let i = 0; i < 5; i++) await upload(); // warm-up: JIT, PGlite's caches
counting = true;
const windowFrom = process.hrtime.bigint() / 1000n;
const wall: number[] = [];
const cpu: number[] = [];
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  const since = process.cpuUsage();
  await upload();
  cpu.push(cpuMs(since));
  wall.push(performance.now() - started);
}
counting = false;
const windowTo = process.hrtime.bigint() / 1000n;
await database.close();
console.log(`${rel}: ${runs} uploads (API key, store, subscribers); per upload median wall ${median(wall).toFixed(1)} ms, cpu ${median(cpu).toFixed(1)} ms`);
console.log(`profile window (µs of the monotonic clock, for --cpu-prof): ${windowFrom}-${windowTo}`);
console.log('count/upload  median cpu ms  statement');
for (const [text, tally] of tallies) console.log(`${(tally.count / runs).toFixed(1).padStart(12)}  ${median(tally.cpu).toFixed(2).padStart(13)}  ${text}`);
