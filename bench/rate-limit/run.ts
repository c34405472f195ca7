import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Redis as IORedis } from 'ioredis';
import { setEnvForTests } from '../../server/env';
import type { RateLimitBackend } from '../../server/rate-limit/backend';
import { enforceRateLimitsWith, type RateLimitInput } from '../../server/rate-limit/enforce-rate-limits';
import { createMemoryBackend } from '../../server/rate-limit/memory-backend';
import { createUpstashBackend } from '../../server/rate-limit/upstash-backend';
import { measureConcurrent, measureSequential, printTable, type Figures } from './measure';

// What the limiter adds to each request, for both stores:
//   npx tsx bench/rate-limit/run.ts                                  (in-process only)
//   TEST_REDIS_URL=redis://127.0.0.1:6379 npx tsx bench/rate-limit/run.ts   (+ Redis via the endpoint)
// The Upstash-protocol endpoint runs in its own process, as it would in production.

const redisUrl = process.env.TEST_REDIS_URL;
const proxyScript = fileURLToPath(new URL('../../scripts/upstash-proxy.ts', import.meta.url));

/** Distinct callers so most calls are allowed (the common path), as on a real server. */
function anonymous(i: number, callers: number): RateLimitInput {
  const address = `10.${(i % callers) >> 16}.${((i % callers) >> 8) & 255}.${(i % callers) & 255}`;
  return { tier: 'DEFAULT', callerKey: `ip:${address}`, clientAddress: address };
}

function withLogin(i: number, callers: number): RateLimitInput {
  return { ...anonymous(i, callers), tier: 'SENSITIVE', endpoint: 'login' };
}

async function benchMemory(): Promise<Figures[]> {
  const rows: Figures[] = [];
  const tierOnly = createMemoryBackend();
  rows.push(await measureSequential('memory: tier only, allowed', 200_000, (i) => enforceRateLimitsWith(tierOnly, anonymous(i, 10_000))));
  const both = createMemoryBackend();
  rows.push(await measureSequential('memory: tier + login, allowed', 200_000, (i) => enforceRateLimitsWith(both, withLogin(i, 10_000))));
  const flood = createMemoryBackend();
  rows.push(await measureSequential('memory: flood of 300k new callers (cap)', 300_000, (i) => enforceRateLimitsWith(flood, withLogin(i, 300_000))));
  const refused = createMemoryBackend();
  rows.push(await measureSequential('memory: login refused (429 thrown)', 100_000, () => enforceRateLimitsWith(refused, withLogin(0, 1))));
  return rows;
}

/** Heap held by the in-process store when `callers` distinct addresses log in within one minute. */
async function memoryFootprint(callers: number): Promise<string> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  const before = process.memoryUsage().heapUsed;
  const backend = createMemoryBackend();
  for (let i = 0; i < callers; i++) await enforceRateLimitsWith(backend, withLogin(i, callers));
  gc();
  const mib = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
  return `in-process store after ${callers.toLocaleString('en')} distinct callers × (tier + login) in one minute: ${backend.size().counters.toLocaleString('en')} counters kept (cap 100,000), ≈ ${mib.toFixed(1)} MiB heap`;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

async function startProxyProcess(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', proxyScript, '--port', String(port), '--redis', redisUrl!, '--token', 'bench'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  if (!line.toString().includes('Upstash REST endpoint on')) throw new Error(`endpoint did not start: ${line.toString()}`);
  return child;
}

async function benchRedis(): Promise<Figures[]> {
  const port = await freePort();
  const child = await startProxyProcess(port);
  const prefix = `bench:rl:${process.pid}:${Date.now()}`;
  const url = `http://127.0.0.1:${port}`;
  try {
    const backend: RateLimitBackend = createUpstashBackend({ url, token: 'bench', prefix });
    const unreachable = createUpstashBackend({ url: `http://127.0.0.1:${await freePort()}`, token: 'bench', prefix });
    await enforceRateLimitsWith(backend, anonymous(0, 1)); // loads the script once
    return [
      await measureSequential('redis: tier only, sequential', 2_000, (i) => enforceRateLimitsWith(backend, anonymous(i, 10_000))),
      await measureSequential('redis: tier + login, sequential', 2_000, (i) => enforceRateLimitsWith(backend, withLogin(i, 10_000))),
      await measureConcurrent('redis: tier only, 50 in flight', 10_000, 50, (i) => enforceRateLimitsWith(backend, anonymous(i, 10_000))),
      await measureSequential('endpoint down: fail open (closed port)', 200, (i) => enforceRateLimitsWith(unreachable, anonymous(i, 10))),
    ];
  } finally {
    child.kill();
    const direct = new IORedis(redisUrl!);
    for await (const keys of direct.scanStream({ match: `${prefix}:*`, count: 1000 })) {
      if ((keys as string[]).length > 0) await direct.del(...(keys as string[]));
    }
    direct.disconnect();
  }
}

// The fail-open case logs through the service logger, which reads env(): give it a configuration
// (no SECRET_KEY or data directory needed) and keep its once-per-10 s warning out of the table.
setEnvForTests({ SECRET_KEY: 'bench-'.padEnd(32, 'x'), LOG_LEVEL: 'error' });

const footprints = [await memoryFootprint(50_000), await memoryFootprint(500_000)];
const rows = await benchMemory();
if (redisUrl) rows.push(...(await benchRedis()));
else console.log('TEST_REDIS_URL is not set: the Redis figures are skipped.');
printTable(rows);
for (const line of footprints) console.log(line);
