import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

// The bench's HTTP client for /api/v1: sign-in as the admin, a fresh user with an upload API key,
// uploads. Logins vary X-Forwarded-For (3 a minute per address): start the server with
// TRUSTED_PROXIES=127.0.0.1,::1.
// Uploads are cheap for the bench itself, since its clients share the cores with the server: each
// file's multipart body is built once and sent as it is over kept-alive node:http connections
// (fetch with a FormData cost the bench several ms of CPU per upload of a 350 KB file).

const agent = new Agent({ keepAlive: true });
const BOUNDARY = '----stride-bench-7d3c0f2a9b';
const bodies = new WeakMap<Buffer, { name: string; body: Buffer }>();

/** The multipart/form-data body of one file in the field `file`, built once per file. */
function multipartBody(name: string, bytes: Buffer): Buffer {
  const cached = bodies.get(bytes);
  if (cached?.name === name) return cached.body;
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
  bodies.set(bytes, { name, body });
  return body;
}

function post(url: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': String(body.length) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

let ipCounter = 0;
const freshIp = () => `198.19.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

export class BenchClient {
  readonly base: string;

  constructor(serverUrl: string) {
    this.base = serverUrl.replace(/\/+$/, '') + '/api/v1';
  }

  async call(path: string, init: RequestInit & { headers?: Record<string, string> }): Promise<{ status: number; body: unknown }> {
    const res = await fetch(this.base + path, { ...init, headers: { 'X-Forwarded-For': freshIp(), ...init.headers } });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  async login(username: string, password: string): Promise<string> {
    const r = await this.call('/auth/login', {
      method: 'POST',
      headers: { 'X-Client-Type': 'mobile', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password }).toString(),
    });
    if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${JSON.stringify(r.body)}`);
    return (r.body as { access_token: string }).access_token;
  }

  /** A new user (created by the admin) with an activities:upload API key. */
  async setup(admin: { username: string; password: string }): Promise<{ apiKey: string; token: string }> {
    const adminToken = await this.login(admin.username, admin.password);
    const username = `bench${Date.now().toString(36)}`;
    const password = `Bench-${Date.now()}-Pw7!`;
    const created = await this.call('/users', {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminToken}`, 'X-Client-Type': 'mobile', 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.com`, name: 'Bench', password, access_type: 'regular' }),
    });
    if (created.status !== 201) throw new Error(`POST /users: ${created.status} ${JSON.stringify(created.body)}`);
    const token = await this.login(username, password);
    const key = await this.call('/profile/api_keys', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'X-Client-Type': 'mobile', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'ingest bench', scopes: ['activities:upload'], current_password: password }),
    });
    if (key.status !== 201) throw new Error(`POST /profile/api_keys: ${key.status} ${JSON.stringify(key.body)}`);
    return { apiKey: (key.body as { key: string }).key, token };
  }

  async upload(apiKey: string, name: string, bytes: Buffer): Promise<{ ms: number; id: number }> {
    const body = multipartBody(name, bytes);
    const started = performance.now();
    const r = await post(this.base + '/activities/create/upload', { 'x-api-key': apiKey, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body);
    const ms = performance.now() - started;
    if (r.status !== 201) throw new Error(`upload ${name}: ${r.status} ${r.text}`);
    return { ms, id: (JSON.parse(r.text) as { id: number }[])[0]!.id };
  }
}
