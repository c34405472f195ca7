import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { activityStreams, users } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { parseActivityFile, type ParsedActivity } from '@/server/formats';
import { readCorpusFile } from '@/server/formats/test-support/corpus';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { prepareActivityFileOffThread } from '@/server/services/ingestion/parse-off-thread';
import { closeWorkerPool } from '@/server/workers/pool';
import { insertParsedActivities } from '../ingestion/insert-parsed-activities';

// Issue 15: streams are now rounded and encoded in the parsing worker and stored as handed over.
// The stored text must stay what the request thread used to write, so rows stored before still
// read back and rows stored now read in older builds: the former path is kept here as the oracle
// (per-stream rounding, JSON, raw deflate level 1, base64), compared with what the database holds.

setEnvForTests({ SECRET_KEY: 'x'.repeat(32), DATA_DIR: mkdtempSync(join(tmpdir(), 'stride-streams-')) });

const FILES = [
  'fit/garmin_edge500_ride_3h31.fit',
  'fit/garmin_fr920xt_treadmill_devfields.fit',
  'gpx/urbanbiker_ride_3seg_hr_cad_temp_power.gpx',
  'tcx/garmin_fr305_multisport.tcx',
];
const COLUMNS = { time: 3, lat: 7, lon: 7, distance: 2, altitude: 2, heartRate: 1, cadence: 1, power: 1, speed: 3, temperature: 1 } as const;
const STREAM_OF = { heartRate: 'heart_rate' } as Record<string, string>;

/** What the request thread stored before issue 15, column by column. */
function formerStoredText(activity: ParsedActivity, column: keyof typeof COLUMNS): string | null {
  const values = (activity.streams as unknown as Record<string, (number | null)[] | undefined>)[STREAM_OF[column] ?? column];
  if (!values) return null;
  const factor = 10 ** COLUMNS[column];
  return deflateRawSync(JSON.stringify(values.map((v) => (v == null ? v : Math.round(v * factor) / factor))), { level: 1 }).toString('base64');
}

describe.each(testEngines())('stored stream format on %s', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await closeWorkerPool();
    await database.close();
  });

  it.each(FILES)('%s: the worker-encoded streams are stored byte for byte as the request thread stored them', async (file) => {
    const [user] = await database.db
      .insert(users)
      .values({ username: `s${Math.random().toString(36).slice(2)}` })
      .returning();
    const former = await parseActivityFile(readCorpusFile(file), file);
    const prepared = await prepareActivityFileOffThread(new Uint8Array(readCorpusFile(file)), file);
    const rows = await database.db.transaction((tx) => insertParsedActivities(tx, user!.id, prepared, { source: 'upload' }));
    expect(rows).toHaveLength(former.length);
    const withStreams = former.filter((a) => a.streams.time.length > 0);
    expect(withStreams.length).toBeGreaterThan(0);
    for (const [i, activity] of former.entries()) {
      const id = rows[i]!.row.id;
      // raw SQL: the stored text itself, not what the column's decoder makes of it
      const raw: unknown = await database.db.execute(sql`select * from activity_streams where activity_id = ${id}`);
      const stored = (Array.isArray(raw) ? raw : (raw as { rows: unknown[] }).rows) as Record<string, string | null>[];
      if (!activity.streams.time.length) {
        expect(stored).toHaveLength(0);
        continue;
      }
      for (const column of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]) {
        expect(stored[0]![activityStreams[column].name], `${file} #${i} ${column}`).toBe(formerStoredText(activity, column));
      }
      const [read] = await database.db.select().from(activityStreams).where(eq(activityStreams.activityId, id));
      expect(read!.time).toHaveLength(activity.streams.time.length);
    }
  });
});
