import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as uploadRoute from '@/app/api/v1/activities/create/upload/route';
import { settleEvents } from '@/server/events/activity-created';
import { useDatabaseForTests } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { closeWorkerPool } from '@/server/workers/pool';

// CONTRACT: Activities upload through the route: 201 with the stored activities, an
// Idempotency-Key replay answers the same 201 marked `idempotent-replayed`, and the received
// temporary file is gone after every answer (the route owns it), stored or refused.

const noParams = { params: Promise.resolve({}) };
const trkpt = (i: number, start: number) => `<trkpt lat="45.${1000 + i}" lon="7.0"><time>${new Date(start + i * 1000).toISOString()}</time></trkpt>`;
const gpx = (start: number) =>
  `<?xml version="1.0"?><gpx version="1.1" creator="t"><trk><trkseg>${Array.from({ length: 30 }, (_, i) => trkpt(i, start)).join('')}</trkseg></trk></gpx>`;

const filesIn = (folder: string): string[] => (existsSync(folder) ? readdirSync(folder) : []);

describe.each(testEngines())('the upload route on %s', (engine) => {
  let database: TestDatabase;
  let token: string;
  let userId: number;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = useTestEnv({ RATE_LIMIT_ENABLED: 'false' }).DATA_DIR;
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
    ({ userId, token } = await signedInUser(database.db, `upload-route-${engine}`));
  });
  afterAll(async () => {
    await settleEvents();
    await closeWorkerPool();
    await database.close();
  });

  async function upload(text: string, filename: string, key?: string): Promise<Response> {
    const form = new FormData();
    form.append('file', new Blob([text]), filename);
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-client-type': 'mobile', 'x-stride-peer': '10.9.0.2' };
    if (key) headers['idempotency-key'] = key;
    return uploadRoute.POST(new Request('http://127.0.0.1/api/v1/activities/create/upload', { method: 'POST', headers, body: form }), noParams);
  }

  it('answers 201 with the activities, replays them as a 201 marked idempotent-replayed, and leaves no temporary file', async () => {
    const text = gpx(Date.UTC(2023, 2, 1, 8));
    const first = await upload(text, 'morning.gpx', 'route-key');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const stored = (await first.json()) as { id: number; user_id: number }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]!.user_id).toBe(userId);

    const again = await upload(text, 'morning.gpx', 'route-key');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(stored);

    expect(filesIn(join(dataDir, 'tmp'))).toEqual([]);
    // the original is kept once, though its received file was removed
    expect(filesIn(join(dataDir, 'originals', String(userId)))).toHaveLength(1);
  });

  it('a refused file (unreadable: 400, unsupported name: 406) leaves no temporary file and no original', async () => {
    const before = filesIn(join(dataDir, 'originals', String(userId)));
    expect((await upload('not a track', 'broken.gpx')).status).toBe(400);
    expect((await upload(gpx(Date.UTC(2023, 2, 2, 8)), 'track.txt')).status).toBe(406);
    expect(filesIn(join(dataDir, 'tmp'))).toEqual([]);
    expect(filesIn(join(dataDir, 'originals', String(userId)))).toEqual(before);
  });
});
