import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';

// An Upstash REST endpoint in front of a plain Redis, for tests, e2e runs and self-hosters without
// an Upstash-protocol container (STACK.md "Upstash protocol against the machine's Redis"):
//   POST /            body ["SET","k","v"]            → { "result": … } or 400 { "error": … }
//   POST /pipeline    body [[…],[…]]                  → [{ "result": … } | { "error": … }, …]
//   POST /multi-exec  body [[…],[…]] (one transaction) → same shape
// Authorization: Bearer <token>. With `Upstash-Encoding: base64` string results are base64 (the
// status reply "OK" stays plain, as Upstash sends it). @upstash/ratelimit's Lua scripts begin with
// `#!lua flags=allow-key-locking`, which Redis 7 refuses: that flag is removed before Redis sees the
// script, and the SHA the client computed over the original text is mapped for EVALSHA.

export interface UpstashProxyOptions {
  redisUrl: string;
  token: string;
  port?: number;
  host?: string;
}

export interface UpstashProxy {
  url: string;
  token: string;
  close(): Promise<void>;
}

type Arg = string | number;
type Reply = Buffer | string | number | null | Error | Reply[];
type Item = { result: unknown } | { error: string };

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const UNSUPPORTED_SCRIPT_FLAG = 'allow-key-locking';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Drops the flag Redis 7 does not know; the line stays (empty) so error line numbers still match. */
export function rewriteScript(script: string): string {
  const match = /^#!lua(?:[ \t]+flags=([^\n]*))?[ \t]*(?=\n|$)/.exec(script);
  if (!match?.[1]) return script;
  const flags = match[1].split(',').map((f) => f.trim());
  if (!flags.includes(UNSUPPORTED_SCRIPT_FLAG)) return script;
  const kept = flags.filter((f) => f !== UNSUPPORTED_SCRIPT_FLAG && f !== '');
  const firstLine = kept.length > 0 ? `#!lua flags=${kept.join(',')}` : '';
  return firstLine + script.slice(match[0].length);
}

class ScriptTable {
  /** SHA of the text a client sent → SHA of the text Redis stored. */
  private readonly redisSha = new Map<string, string>();

  rewrite(script: string): string {
    const rewritten = rewriteScript(script);
    if (rewritten !== script) this.redisSha.set(sha1(script), sha1(rewritten));
    return rewritten;
  }

  sha(clientSha: string): string {
    return this.redisSha.get(clientSha.toLowerCase()) ?? clientSha;
  }
}

function toArg(value: unknown): Arg {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function parseCommand(value: unknown): Arg[] {
  if (!Array.isArray(value) || value.length === 0 || typeof value[0] !== 'string') {
    throw new HttpError(400, 'a command is a non-empty JSON array starting with its name');
  }
  return value.map(toArg);
}

function rewriteCommand(command: Arg[], scripts: ScriptTable): Arg[] {
  const name = String(command[0]).toLowerCase();
  const [, first, ...rest] = command;
  if ((name === 'eval' || name === 'eval_ro') && first !== undefined) return [name, scripts.rewrite(String(first)), ...rest];
  if ((name === 'evalsha' || name === 'evalsha_ro') && first !== undefined) return [name, scripts.sha(String(first)), ...rest];
  if (isScriptLoad(command) && rest[0] !== undefined) {
    return ['script', 'load', scripts.rewrite(String(rest[0]))];
  }
  if (name === 'script' && String(first).toLowerCase() === 'exists') {
    return ['script', 'exists', ...rest.map((sha) => scripts.sha(String(sha)))];
  }
  return command;
}

function isScriptLoad(command: Arg[]): boolean {
  return String(command[0]).toLowerCase() === 'script' && String(command[1]).toLowerCase() === 'load';
}

function encodeReply(reply: Reply, base64: boolean, original?: Arg[]): unknown {
  if (reply instanceof Error) return reply.message;
  if (Array.isArray(reply)) return reply.map((r) => encodeReply(r, base64));
  if (Buffer.isBuffer(reply)) {
    const text = reply.toString('utf8');
    // SCRIPT LOAD answers the SHA Redis stored; the client expects the one of the text it sent.
    if (original && isScriptLoad(original)) {
      return encodeReply(Buffer.from(sha1(String(original[2]))), base64);
    }
    if (text === 'OK' || !base64) return text;
    return reply.toString('base64');
  }
  return reply;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'request body too large');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'the body is not JSON');
  }
}

function isAuthorized(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function itemOf(err: Error | null, reply: unknown, base64: boolean, command: Arg[]): Item {
  return err ? { error: err.message } : { result: encodeReply(reply as Reply, base64, command) };
}

async function runBatch(redis: Redis, scripts: ScriptTable, body: unknown, transaction: boolean, base64: boolean) {
  if (!Array.isArray(body) || body.length === 0) throw new HttpError(400, 'a pipeline is a non-empty array of commands');
  const commands = body.map(parseCommand);
  const batch = transaction ? redis.multi() : redis.pipeline();
  for (const command of commands) {
    const [name, ...args] = rewriteCommand(command, scripts);
    batch.callBuffer(String(name), ...args);
  }
  const results = (await batch.exec()) ?? [];
  return results.map(([err, reply], i) => itemOf(err, reply, base64, commands[i]!));
}

export async function startUpstashProxy(options: UpstashProxyOptions): Promise<UpstashProxy> {
  if (!options.token) throw new Error('startUpstashProxy needs a token');
  // No offline queue: while Redis is down commands fail at once, so clients see errors, not hangs.
  const redis = new Redis(options.redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', () => {
    // Connection errors reach the HTTP caller as { error }; ioredis keeps reconnecting on its own.
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis at ${options.redisUrl} is not reachable: ${(error as Error).message}`, { cause: error });
  }
  const scripts = new ScriptTable();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isAuthorized(req.headers.authorization, options.token)) return send(res, 401, { error: 'Unauthorized' });
    if (req.method !== 'POST') return send(res, 405, { error: 'only POST is supported' });
    const base64 = String(req.headers['upstash-encoding'] ?? '').toLowerCase() === 'base64';
    const path = (req.url ?? '/').split('?')[0];
    const body = await readJson(req);
    if (path === '/pipeline' || path === '/multi-exec') {
      return send(res, 200, await runBatch(redis, scripts, body, path === '/multi-exec', base64));
    }
    if (path !== '/') return send(res, 404, { error: `unknown path ${path}` });
    const command = parseCommand(body);
    const [name, ...args] = rewriteCommand(command, scripts);
    const reply = (await redis.callBuffer(String(name), ...args)) as Reply;
    send(res, 200, { result: encodeReply(reply, base64, command) });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : isCommandError(error) ? 400 : 502;
      send(res, status, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;

  return {
    url: `http://${host}:${port}`,
    token: options.token,
    async close() {
      // fetch keeps connections alive; close them or server.close() waits for their idle timeout.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      redis.disconnect();
    },
  };
}

/** A Redis error reply (wrong type, NOSCRIPT, syntax) as opposed to a connection failure. */
function isCommandError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ReplyError';
}
