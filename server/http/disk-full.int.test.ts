import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as uploadRoute from '@/app/api/v1/activities/create/upload/route';
import { activities } from '@/db/schema';
import { settleEvents } from '@/server/events/activity-created';
import { useDatabaseForTests } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { closeWorkerPool } from '@/server/workers/pool';

// The disk fills while an upload is written. DATA_DIR is a real 2 MiB tmpfs (mounting
// needs root; elsewhere the suite is skipped). A file that does not fit answers a 503 problem,
// leaves nothing in tmp/ or originals/ and no activity, and the next upload that fits is stored.

const canMount = userInfo().uid === 0 && process.platform === 'linux';
const noParams = { params: Promise.resolve({}) };

/** A valid GPX of about `bytes` bytes: two timed points and a long description. */
function gpxOfSize(bytes: number): Uint8Array {
  const pts = [1, 2].map((i) => `<trkpt lat="45.${1000 + i}" lon="7.0"><time>2024-01-01T09:00:0${i}Z</time></trkpt>`).join('');
  const head = `<?xml version="1.0"?><gpx version="1.1" creator="t"><trk><name>fits</name><desc>`;
  const tail = `</desc><trkseg>${pts}</trkseg></trk></gpx>`;
  return new TextEncoder().encode(head + 'd'.repeat(Math.max(0, bytes - head.length - tail.length)) + tail);
}

const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

describe.runIf(canMount).each(testEngines())('an upload onto a full disk on %s', (engine) => {
  let database: TestDatabase;
  let dataDir: string;
  let token: string;
  let userId: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'stride-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dataDir]);
    useTestEnv({ RATE_LIMIT_ENABLED: 'false', DATA_DIR: dataDir });
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
    ({ userId, token } = await signedInUser(database.db, `full-${engine}`));
  });
  afterAll(async () => {
    await settleEvents();
    await closeWorkerPool();
    await database.close();
    execFileSync('umount', [dataDir]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (bytes: Uint8Array, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
    const headers = { authorization: `Bearer ${token}`, 'x-client-type': 'mobile', 'x-stride-peer': '10.8.0.1' };
    return uploadRoute.POST(new Request('http://127.0.0.1/api/v1/activities/create/upload', { method: 'POST', headers, body: form }), noParams);
  };

  it('a file larger than the free space: 503 problem, nothing half-stored; the next file that fits lands', async () => {
    const res = await upload(gpxOfSize(3 * 1024 * 1024), 'too-big-for-the-disk.gpx');
    expect(res.status, await res.clone().text()).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const problem = await res.json();
    expect(problem.type).toBe('urn:service:error:service-unavailable');
    expect(problem.detail).toContain('no room');
    expect(filesUnder(join(dataDir, 'tmp'))).toEqual([]);
    expect(filesUnder(join(dataDir, 'originals'))).toEqual([]);
    expect(await database.db.$count(activities, eq(activities.userId, userId))).toBe(0);

    const next = await upload(gpxOfSize(200 * 1024), 'fits.gpx');
    expect(next.status, await next.clone().text()).toBe(201);
    expect(filesUnder(join(dataDir, 'originals'))).toHaveLength(1);
    expect(filesUnder(join(dataDir, 'tmp'))).toEqual([]);
  });

  // The write error ends the request at once (it waited for the whole body, up to 300 s)
  it('a write that fails stops reading the body at once: 503, the partial temp file removed', async () => {
    const head = new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="file"; filename="endless.gpx"\r\n\r\n');
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(head),
      pull(controller) {
        pulled += chunk.length;
        if (pulled > 40 * 1024 * 1024) return controller.close(); // the upload cap is 50 MiB
        controller.enqueue(chunk);
      },
    });
    const headers = {
      authorization: `Bearer ${token}`,
      'x-client-type': 'mobile',
      'x-stride-peer': '10.8.0.1',
      'content-type': 'multipart/form-data; boundary=b',
    };
    const res = await uploadRoute.POST(
      new Request('http://127.0.0.1/api/v1/activities/create/upload', { method: 'POST', headers, body, duplex: 'half' } as RequestInit),
      noParams,
    );
    expect(res.status, await res.clone().text()).toBe(503);
    expect(pulled).toBeLessThan(8 * 1024 * 1024);
    expect(filesUnder(join(dataDir, 'tmp'))).toEqual([]);
  });
});
