import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestEnv as applyTestEnv } from '@/server/testing/test-env';

// The serve endpoint is Inngest's own handler (inngest/next): the SDK answers introspection, and
// with a signing key it refuses calls that Inngest did not sign. The SDK reads its INNGEST_*
// variables from process.env, as it does in production.

const URL_ = 'http://127.0.0.1:3000/api/inngest';
const context = { params: Promise.resolve({}) };
const saved = { ...process.env };

/** A fresh load of the route under these variables, as a server process started with them (`stride` only reaches our configuration). */
async function configure(vars: Record<string, string | undefined>, stride: Record<string, string> = {}) {
  for (const key of ['INNGEST_DEV', 'INNGEST_SIGNING_KEY', 'INNGEST_EVENT_KEY', 'INNGEST_BASE_URL']) delete process.env[key];
  Object.assign(process.env, vars);
  applyTestEnv({ INNGEST_DEV: undefined, INNGEST_SIGNING_KEY: undefined, INNGEST_EVENT_KEY: undefined, INNGEST_BASE_URL: undefined, ...vars, ...stride });
  vi.resetModules();
  return import('@/app/api/inngest/route');
}

describe('/api/inngest', () => {
  beforeAll(() => applyTestEnv());
  afterEach(() => {
    process.env = { ...saved };
    applyTestEnv();
  });

  it('with the embedded runner in force there is nothing here: a 404 problem', async () => {
    const inngestRoute = await configure({});
    const res = await inngestRoute.GET(new Request(URL_), context);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
  });

  it("in dev mode it answers Inngest's introspection with our thirteen functions", async () => {
    const inngestRoute = await configure({ INNGEST_DEV: '1' });
    const res = await inngestRoute.GET(new Request(URL_), context);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { function_count: number; mode: string };
    // each function with an onFailure handler registers a second, failure function
    expect(body.function_count).toBe(26);
    expect(body.mode).toBe('dev');
  });

  it('with a signing key it refuses an unsigned call to run a function', async () => {
    const inngestRoute = await configure({
      INNGEST_SIGNING_KEY: 'signkey-prod-0123456789abcdef0123456789abcdef0123456789abcdef01234567',
      INNGEST_EVENT_KEY: 'test-event-key',
    });
    const res = await inngestRoute.POST(
      new Request(`${URL_}?fnId=stride-archive-import&stepId=step`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          event: { name: 'stride/job.archive_import', data: { job_id: '00000000-0000-4000-8000-000000000000' } },
          events: [],
          steps: {},
          ctx: { run_id: 'r', attempt: 0 },
        }),
      }),
      context,
    );
    expect(res.status).toBe(401);
    const introspection = await inngestRoute.GET(new Request(URL_), context);
    expect(introspection.status).toBe(401);
  });

  describe('registration and production', () => {
    // a double of Inngest's API: it records what the SDK registers (POST /fn/register)
    const registered: { url: string; host: string | undefined }[] = [];
    let api: Server;
    let apiUrl = '';
    beforeAll(async () => {
      api = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          if (req.url?.startsWith('/fn/register')) registered.push({ url: (JSON.parse(body) as { url: string }).url, host: req.headers.host });
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ ok: true, modified: false }));
        });
      });
      await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
      apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

    const put = (inngestRoute: { PUT: (r: Request, c: typeof context) => Promise<Response> }) =>
      inngestRoute.PUT(new Request('http://evil.example:8080/api/inngest', { method: 'PUT', headers: { host: 'evil.example:8080' } }), context);

    it('an unsigned PUT is refused (401) and registers nothing', async () => {
      const inngestRoute = await configure({
        INNGEST_SIGNING_KEY: 'signkey-prod-0123456789abcdef0123456789abcdef0123456789abcdef01234567',
        INNGEST_EVENT_KEY: 'test-event-key',
        INNGEST_BASE_URL: apiUrl,
      });
      const before = registered.length;
      expect((await put(inngestRoute)).status).toBe(401);
      expect(registered.length).toBe(before);
    });

    it("the URL registered with Inngest is the configured origin's, never the request's Host", async () => {
      // dev mode checks no signature, so the PUT reaches the registration
      let inngestRoute = await configure({ INNGEST_DEV: apiUrl }, { PUBLIC_URL: 'https://stride.example.org' });
      expect((await put(inngestRoute)).status).toBe(200);
      expect(registered.at(-1)!.url).toBe('https://stride.example.org/api/inngest');
      inngestRoute = await configure({ INNGEST_DEV: apiUrl }, { PUBLIC_URL: 'https://stride.example.org', INNGEST_SERVE_HOST: 'http://10.1.2.3:3000' });
      expect((await put(inngestRoute)).status).toBe(200);
      expect(registered.at(-1)!.url).toBe('http://10.1.2.3:3000/api/inngest');
      expect(registered.map((r) => r.url).join(' ')).not.toContain('evil.example');
    });

    it('with NODE_ENV=production it refuses to serve without a signing key, or in dev mode (503 problem)', async () => {
      for (const vars of [{ INNGEST_DEV: apiUrl }, { INNGEST_EVENT_KEY: 'test-event-key' }]) {
        const inngestRoute = await configure(vars, { NODE_ENV: 'production' });
        const before = registered.length;
        for (const res of [
          await inngestRoute.GET(new Request(URL_), context),
          await inngestRoute.POST(new Request(`${URL_}?fnId=stride-archive-import&stepId=step`, { method: 'POST', body: '{}' }), context),
          await put(inngestRoute),
        ]) {
          expect(res.status).toBe(503);
          expect(res.headers.get('content-type')).toBe('application/problem+json');
        }
        expect(registered.length).toBe(before);
      }
    });
  });
});
