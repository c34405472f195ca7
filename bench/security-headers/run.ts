import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import next from 'next';
import { securityHeaders } from '../../server/http/security-headers';
import { PEER_HEADER } from '../../server/rate-limit/peer-header';

// What the security headers cost: one Next.js production build served by two HTTP servers in this
// process, the same as scripts/start.ts, one setting the headers and one not, measured in turns
// with autocannon from a second process (GET /api/v1/health and the sign-in page).
//
//   npm run build && npx tsx bench/security-headers/run.ts [port=3322] [seconds=10]

const port = Number(process.argv[2] ?? 3322);
const seconds = Number(process.argv[3] ?? 10);
Object.assign(process.env, {
  NODE_ENV: 'production',
  SECRET_KEY: 'bench-secret-key-0123456789abcdef-0123',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'stride-bench-headers-')),
  RATE_LIMIT_ENABLED: 'false',
  LOG_LEVEL: 'warn',
});

function listen(withHeaders: boolean, handle: (req: never, res: never) => Promise<void>, on: number): Promise<Server> {
  const headers = securityHeaders(undefined);
  const server = createServer((req, res) => {
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? '';
    if (withHeaders) for (const [name, value] of headers) res.setHeader(name, value);
    void handle(req as never, res as never);
  });
  return new Promise((resolve) => server.listen(on, '127.0.0.1', () => resolve(server)));
}

// asynchronous: the servers answer from this very process while autocannon runs
async function autocannon(url: string): Promise<{ rps: number; p99: number }> {
  const run = await promisify(execFile)('npx', ['autocannon', '-c', '50', '-d', String(seconds), '-j', url], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const result = JSON.parse(run.stdout) as { requests: { average: number }; latency: { p99: number }; non2xx: number };
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function main(): Promise<void> {
  const app = next({ dev: false, dir: process.cwd() });
  await app.prepare();
  const handle = app.getRequestHandler() as never;
  const servers = [await listen(false, handle, port), await listen(true, handle, port + 1)];
  const rows: Record<string, string | number>[] = [];
  for (const path of ['/api/v1/health', '/sign-in']) {
    for (let turn = 0; turn < 2; turn++) {
      for (const [i, label] of ['without headers', 'with headers'].entries()) {
        await autocannon(`http://127.0.0.1:${port + i}${path}`); // warm-up of this server and path
        const { rps, p99 } = await autocannon(`http://127.0.0.1:${port + i}${path}`);
        rows.push({ path, turn: turn + 1, server: label, 'requests/s': Math.round(rps), 'p99 ms': p99 });
      }
    }
  }
  console.table(rows);
  for (const server of servers) server.close();
  process.exit(0);
}

void main();
