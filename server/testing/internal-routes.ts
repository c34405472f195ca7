import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as exportJobRoute from '@/app/api/internal/account-exports/[job_id]/route';
import * as exportStartRoute from '@/app/api/internal/account-exports/route';
import * as importJobRoute from '@/app/api/internal/archive-imports/[job_id]/route';
import * as importStartRoute from '@/app/api/internal/archive-imports/route';
import * as serverRoute from '@/app/api/internal/server/route';
import { pgliteDirFor, releaseDirectory } from '@/db/pglite-claim';
import { announceServer, claimDataDirForServer } from '@/server/process-claim/running-server';
import { env } from '@/server/env';
import { PEER_HEADER } from '@/server/rate-limit/peer-header';

// The CLIs' hand-off tests: the internal routes behind a real loopback HTTP server that stamps the
// socket peer like scripts/start.ts, and the CLIs run as real child processes.

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type RouteMatch = { handler: Handler; params: Record<string, string> } | null;

function routeFor(method: string, path: string): RouteMatch {
  const job = /^\/api\/internal\/(archive-imports|account-exports)\/([^/]+)$/.exec(path);
  if (job && method === 'GET') return { handler: job[1] === 'archive-imports' ? importJobRoute.GET : exportJobRoute.GET, params: { job_id: job[2]! } };
  if (path === '/api/internal/archive-imports' && method === 'POST') return { handler: importStartRoute.POST, params: {} };
  if (path === '/api/internal/account-exports' && method === 'POST') return { handler: exportStartRoute.POST, params: {} };
  if (path === '/api/internal/server' && method === 'GET') return { handler: serverRoute.GET, params: {} };
  return null;
}

export function serveInternalRoutes(): Promise<Server> {
  return serveRoutes(routeFor);
}

/** Route files behind a real loopback HTTP server that stamps the socket peer like scripts/start.ts. */
export function serveRoutes(routeFor: (method: string, path: string) => RouteMatch, port = 0): Promise<Server> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers(req.headers as Record<string, string>);
    headers.set(PEER_HEADER, req.socket.remoteAddress ?? '');
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const route = routeFor(req.method ?? 'GET', req.url ?? '');
    const response = route ? await route.handler(request, { params: Promise.resolve(route.params) }) : new Response(null, { status: 404 });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

export const serverUrl = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

export interface PlayedServer {
  server: Server;
  /** withdraws the announcement made at start (a test may announce again on its own) */
  withdraw: () => void;
  /** releases the data directory's claim and stops serving (withdraw first) */
  stop: () => Promise<void>;
}

/**
 * This process as `npm start` runs on `dataDir`: claim the data directory, serve the internal
 * routes on loopback, announce. Throws when the directory cannot be claimed.
 */
export async function playServer(dataDir: string): Promise<PlayedServer> {
  const refused = claimDataDirForServer(dataDir);
  if (refused !== null) throw new Error(refused);
  const server = await serveInternalRoutes();
  return {
    server,
    withdraw: announceServer(dataDir, { pid: process.pid, url: serverUrl(server) }),
    stop: async () => {
      releaseDirectory(pgliteDirFor(dataDir));
      await new Promise((r) => server.close(r));
    },
  };
}

export interface ScriptRun {
  child: ChildProcessWithoutNullStreams;
  /** what it printed so far */
  output(): { stdout: string; stderr: string };
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** A script of scripts/ as npm runs it, on the embedded database of `dataDir` unless `extraEnv` names a DATABASE_URL. */
export function runScript(script: string, args: string[], dataDir: string, extraEnv: Record<string, string> = {}, nodeArgs: string[] = []): ScriptRun {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    SECRET_KEY: env().SECRET_KEY,
    ADMIN_USERNAME: 'admin',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  if (!extraEnv.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], { env: childEnv });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, output: () => ({ stdout, stderr }), done };
}
