import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import next from 'next';
import { announceServer, claimDataDirForServer, loopbackUrl } from '../server/process-claim/running-server';
import { shutdownOnSignals } from '../server/boot/shutdown-on-signals';
import { trackForegroundRequest } from '../server/foreground-requests';
import { onShutdown } from '../server/process-state';
import { PEER_HEADER } from '../server/rate-limit/peer-header';
import { securityHeaders, withDefaultHeaders } from '../server/http/security-headers';
import { serverTimeouts } from '../server/http/server-timeouts';
import { loadConfig } from './load-config';
import { keepingTsconfig } from './next-build';

// `npm start`: checks the configuration (one clear line on a bad value), creates the embedded
// default's secret key on a new data directory, builds once if there is no build, then serves
// Next.js from our own HTTP server, which stamps the socket's peer address into PEER_HEADER on
// every request: without it a client could spoof its address past TRUSTED_PROXIES.

// tsconfig.json is left out: next build itself rewrites it for other build folders (and
// keepingTsconfig puts it back).
const SOURCES = ['app', 'server', 'db', 'instrumentation.ts', 'next.config.mjs', 'package.json'];

/** The newest modification time among the files a build is made from (tests excluded). */
function newestSourceMtime(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestSourceMtime(join(path, name))), 0);
}

/** Builds when there is no build, or when the sources changed since (e.g. after `git pull`). */
async function buildIfStale(): Promise<void> {
  const buildId = join(process.cwd(), process.env.STRIDE_DIST_DIR || '.next', 'BUILD_ID');
  const built = statSync(buildId, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const changed = Math.max(...SOURCES.map((p) => newestSourceMtime(join(process.cwd(), p))));
  if (built > changed) return;
  console.log(
    existsSync(buildId)
      ? 'The sources changed since the last build: rebuilding (about a minute)…'
      : 'No production build found: running `next build` once (about a minute)…',
  );
  // next build adds a build folder other than .next (STRIDE_DIST_DIR) to tsconfig.json: put back
  const result = await keepingTsconfig(process.cwd(), () =>
    spawnSync(process.execPath, [join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], { stdio: 'inherit' }),
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function main(): Promise<void> {
  const config = loadConfig();
  // before the build and before Next.js opens the database: a second server on this DATA_DIR stops
  // here, and a CLI started meanwhile waits for our announcement instead of opening the files
  const taken = config.DATABASE_URL ? null : claimDataDirForServer(config.DATA_DIR);
  if (taken) {
    console.error(taken);
    process.exit(1);
  }
  await buildIfStale();
  Object.assign(process.env, { NODE_ENV: 'production' });
  const app = next({ dev: false, dir: process.cwd(), port: config.PORT, hostname: config.HOST ?? 'localhost' });
  await app.prepare();
  const handle = app.getRequestHandler();
  const headers = securityHeaders(config.MAP_TILE_URL);
  const server = createServer((req, res) => {
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? '';
    // the embedded runner's job steps give way to it (server/jobs/yield-to-requests.ts)
    trackForegroundRequest(res);
    // On every answer, pages and API alike, unless the route set its own
    withDefaultHeaders(res, headers);
    void handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  Object.assign(server, serverTimeouts(config.MAX_UPLOAD_BYTES));
  let withdraw = () => {};
  server.listen(config.PORT, config.HOST, () => {
    // the embedded database is this process's alone: `npm run import`/`export` hand their job over instead
    if (!config.DATABASE_URL) withdraw = announceServer(config.DATA_DIR, { pid: process.pid, url: loopbackUrl(config.HOST, config.PORT) });
    console.log(`Stride is listening on ${config.PUBLIC_URL} (port ${config.PORT})`);
  });
  // also when the process ends without shutdown() (a fatal error)
  process.once('exit', () => withdraw());
  // no new hand-offs once stopping; the claim on the database is released once it is closed
  onShutdown('requests', 'announcement', async () => withdraw());
  shutdownOnSignals(server);
}

void main();
