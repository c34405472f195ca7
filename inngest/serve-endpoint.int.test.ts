import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestEnv as applyTestEnv } from '@/server/testing/test-env';

// The serve endpoint is Inngest's own handler (inngest/next): the SDK answers introspection, and
// with a signing key it refuses calls that Inngest did not sign. The SDK reads its INNGEST_*
// variables from process.env, as it does in production.

const URL_ = 'http://127.0.0.1:3000/api/inngest';
const context = { params: Promise.resolve({}) };
const saved = { ...process.env };

/** A fresh load of the route under these variables, as a server process started with them. */
async function configure(vars: Record<string, string | undefined>) {
  for (const key of ['INNGEST_DEV', 'INNGEST_SIGNING_KEY', 'INNGEST_EVENT_KEY', 'INNGEST_BASE_URL']) delete process.env[key];
  Object.assign(process.env, vars);
  applyTestEnv({ INNGEST_DEV: undefined, INNGEST_SIGNING_KEY: undefined, INNGEST_EVENT_KEY: undefined, INNGEST_BASE_URL: undefined, ...vars });
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

  it("in dev mode it answers Inngest's introspection with our six functions", async () => {
    const inngestRoute = await configure({ INNGEST_DEV: '1' });
    const res = await inngestRoute.GET(new Request(URL_), context);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { function_count: number; mode: string };
    // each function with an onFailure handler registers a second, failure function
    expect(body.function_count).toBe(12);
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
});
