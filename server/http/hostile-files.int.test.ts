import { gzipSync } from 'node:zlib';
import { captureLogs } from '@/server/testing/capture-logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as exportRoute from '@/app/api/v1/activities/[activity_id]/export/route';
import * as uploadRoute from '@/app/api/v1/activities/create/upload/route';
import * as healthRoute from '@/app/api/v1/health/route';
import { activities } from '@/db/schema';
import { settleEvents } from '@/server/events/activity-created';
import { MAX_FIT_SESSIONS, MAX_NAME_CHARS, MAX_XML_ELEMENTS, MAX_XML_TAG_CHARS } from '@/server/formats/limits';
import { manySessionsFit } from '@/server/formats/test-support/fit-builder';
import { readCorpusFile } from '@/server/formats/test-support/corpus';
import { useDatabaseForTests } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { TOO_COMPLEX } from '@/server/services/ingestion/parse-off-thread';
import { closeWorkerPool } from '@/server/workers/pool';

// Each hostile file, sent through the real upload route, answers a 4xx
// problem (or, for a long name, a stored activity with the name cut) and never a 5xx, while
// GET /health from another client keeps answering (200, never an error): parsing runs in the
// worker pool, so the event loop these handlers share stays free. How long /health and the
// uploads take meanwhile is measured by `npx tsx bench/robustness/run.ts`, not asserted here.

const noParams = { params: Promise.resolve({}) };
const text = (s: string) => new TextEncoder().encode(s);
const trkpt = (i: number) => `<trkpt lat="45.${1000 + i}" lon="7.0"><time>${new Date(Date.UTC(2024, 0, 1, 9) + i * 1000).toISOString()}</time></trkpt>`;
const gpx = (creator: string, name?: string) =>
  `<?xml version="1.0"?><gpx version="1.1" creator="${creator}"><trk>${name === undefined ? '' : `<name>${name}</name>`}<trkseg>${trkpt(1)}${trkpt(2)}</trkseg></trk></gpx>`;

/** Runs `work` while another client calls GET /health back to back (the first call starts before `work`); each call must be answered 200. */
async function watchingHealth(work: () => Promise<Response>): Promise<{ response: Response; healthChecks: number }> {
  let done = false;
  let healthChecks = 0;
  const watcher = (async () => {
    while (!done) {
      const res = await healthRoute.GET(new Request('http://127.0.0.1/api/v1/health', { headers: { 'x-stride-peer': '10.9.9.9' } }), noParams);
      expect(res.status).toBe(200);
      healthChecks++;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  let response: Response;
  try {
    response = await work();
  } finally {
    done = true;
    await watcher;
  }
  // counted after the watcher's last call is answered: its first call started before `work`
  return { response, healthChecks };
}

describe.each(testEngines())('hostile files through the upload route on %s', (engine) => {
  let database: TestDatabase;
  let token: string;
  let userId: number;

  beforeAll(async () => {
    useTestEnv({ RATE_LIMIT_ENABLED: 'false' });
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
    ({ userId, token } = await signedInUser(database.db, `hostile-${engine}`));
  });
  afterAll(async () => {
    await settleEvents();
    await closeWorkerPool();
    await database.close();
  });

  const headers = () => ({ authorization: `Bearer ${token}`, 'x-client-type': 'mobile', 'x-stride-peer': '10.9.0.1' });

  async function upload(
    label: string,
    bytes: Uint8Array,
    filename: string,
  ): Promise<{ status: number; body: Record<string, unknown> & Record<number, Record<string, unknown>> }> {
    const form = new FormData();
    form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), filename);
    const { response, healthChecks } = await watchingHealth(() =>
      uploadRoute.POST(new Request('http://127.0.0.1/api/v1/activities/create/upload', { method: 'POST', headers: headers(), body: form }), noParams),
    );
    expect(response.status, `${label}: never a 5xx`).toBeLessThan(500);
    expect(healthChecks, `${label}: GET /health was answered meanwhile`).toBeGreaterThan(0);
    return { status: response.status, body: await response.json() };
  }

  async function refused(label: string, bytes: Uint8Array, filename: string): Promise<string> {
    const before = await database.db.$count(activities, eq(activities.userId, userId));
    const { status, body } = await upload(label, bytes, filename);
    expect(status).toBe(400);
    expect(body.type).toBe('urn:service:error:invalid-input');
    expect(await database.db.$count(activities, eq(activities.userId, userId)), 'nothing stored').toBe(before);
    return body.detail as string;
  }

  it('a refused hostile file is logged as a security event with the request id, without its content', async () => {
    const captured = captureLogs();
    try {
      const form = new FormData();
      form.append('file', new Blob([manySessionsFit(MAX_FIT_SESSIONS + 1) as Uint8Array<ArrayBuffer>]), 'sessions.fit');
      const res = await uploadRoute.POST(
        new Request('http://127.0.0.1/api/v1/activities/create/upload', { method: 'POST', headers: headers(), body: form }),
        noParams,
      );
      expect(res.status).toBe(400);
      const events = captured.lines().filter((l) => l.security_event === 'hostile_file_refused');
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ request_id: res.headers.get('x-request-id'), limit: 'MAX_FIT_SESSIONS', extension: '.fit' });
      expect(captured.text()).not.toContain(token);
    } finally {
      captured.restore();
    }
  });

  it('a GPX whose creator is 60 KB of spaces is refused by the tag cap', async () => {
    const detail = await refused('creator of 60 KB spaces', text(gpx(' '.repeat(60_000))), 'creator.gpx');
    expect(detail).toContain(`longer than ${MAX_XML_TAG_CHARS} characters`);
  });

  it('a .gpx.gz of 60 MB of empty sibling elements is refused by the element cap', async () => {
    const siblings = Buffer.alloc(60 * 1024 * 1024, '<a/>');
    const file = gzipSync(Buffer.concat([Buffer.from('<gpx creator="t">'), siblings, Buffer.from('</gpx>')]));
    expect(await refused('60 MB of empty siblings (.gpx.gz)', file, 'siblings.gpx.gz')).toContain(`more than ${MAX_XML_ELEMENTS} XML elements`);
  });

  it(`a FIT with ${MAX_FIT_SESSIONS + 1} sessions is refused by the session cap`, async () => {
    expect(await refused(`FIT with ${MAX_FIT_SESSIONS + 1} sessions`, manySessionsFit(MAX_FIT_SESSIONS + 1), 'sessions.fit')).toContain('sessions');
  });

  it('a 2,000,000-character name is stored cut to 255 characters', async () => {
    const { status, body } = await upload('name of 2,000,000 characters', text(gpx('t', 'n'.repeat(2_000_000))), 'long-name.gpx');
    expect(status).toBe(201);
    expect(body[0]!.name).toBe('n'.repeat(MAX_NAME_CHARS));
  });

  it('an original named with long underscore runs exports under a trimmed name', async () => {
    const filename = `${'_'.repeat(7_000)}x${'_'.repeat(7_000)}.gpx`;
    const { status, body } = await upload('file name of 14,000 underscores', text(gpx('t')), filename);
    expect(status).toBe(201);
    const id = String(body[0]!.id);
    const res = await exportRoute.GET(new Request(`http://127.0.0.1/api/v1/activities/${id}/export?format=original`, { headers: headers() }), {
      params: Promise.resolve({ activity_id: id }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="x${'_'.repeat(79)}"`);
  });

  it('a parse past the time budget is refused as too complex, and the next upload is fine', async () => {
    useTestEnv({ RATE_LIMIT_ENABLED: 'false', PARSE_TIME_BUDGET_MS: '1' });
    try {
      expect(await refused('over the time budget (1 ms)', readCorpusFile('fit/garmin_edge500_ride_3h31.fit'), 'ride.fit')).toBe(TOO_COMPLEX);
    } finally {
      useTestEnv({ RATE_LIMIT_ENABLED: 'false' });
    }
    expect((await upload('a normal FIT after the refusal', readCorpusFile('fit/garmin_edge500_ride_3h31.fit'), 'ride.fit')).status).toBe(201);
  });
});
