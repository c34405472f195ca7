import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLaps, gears, users } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { settleEvents } from '@/server/events/activity-created';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { importGearCsv } from '../gear/import-gear-csv';
import { createActivitiesFromUpload } from './create-activities-from-upload';

// Bulk inserts never fail on the 65,535 bind parameters of one statement. A
// 9,000-row bikes.csv and a TCX with 6,000 laps answered 503; every row is stored now.

const dataDir = mkdtempSync(join(tmpdir(), 'stride-bulk-'));
setEnvForTests({ SECRET_KEY: 'x'.repeat(32), DATA_DIR: dataDir });

function bikesCsv(rows: number): string {
  return ['Bike Name,Bike Brand,Bike Model,Bike Default Sport Types', ...Array.from({ length: rows }, (_, i) => `Bike ${i},Brand ${i},Model ${i},Ride`)].join(
    '\n',
  );
}

/** A TCX run of `laps` laps of one 10 s track point each. */
function tcx(laps: number): Buffer {
  const start = Date.UTC(2026, 0, 5, 7, 0, 0);
  const lap = (i: number) => {
    const t = new Date(start + i * 10_000).toISOString();
    return `<Lap StartTime="${t}"><TotalTimeSeconds>10</TotalTimeSeconds><DistanceMeters>30</DistanceMeters><Track><Trackpoint><Time>${t}</Time><DistanceMeters>${i * 30}</DistanceMeters><HeartRateBpm><Value>${120 + (i % 40)}</Value></HeartRateBpm></Trackpoint></Track></Lap>`;
  };
  return Buffer.from(
    `<?xml version="1.0"?><TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="Running"><Id>${new Date(start).toISOString()}</Id>${Array.from({ length: laps }, (_, i) => lap(i)).join('')}</Activity></Activities></TrainingCenterDatabase>`,
  );
}

describe.each(testEngines())('bulk inserts on %s', (engine) => {
  let database: TestDatabase;
  const newUser = async () =>
    (
      await database.db
        .insert(users)
        .values({ username: `bulk${Math.random().toString(36).slice(2)}` })
        .returning()
    )[0]!.id;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await settleEvents();
    await database.close();
  });

  it('a 9,000-row bikes.csv creates 9,000 bikes', async () => {
    const user = await newUser();
    const result = await importGearCsv(database.db, user, 'bikes', bikesCsv(9000));
    expect({ created: result.created, skipped: result.skipped }).toEqual({ created: 9000, skipped: 0 });
    const stored = await database.db.select({ n: count() }).from(gears).where(eq(gears.userId, user));
    expect(stored[0]!.n).toBe(9000);
  });

  it('a TCX with 6,000 laps stores one activity with 6,000 laps', async () => {
    const user = await newUser();
    const bytes = tcx(6000);
    const path = join(dataDir, `laps-${engine}.tcx`);
    writeFileSync(path, bytes);
    const answer = await createActivitiesFromUpload(database.db, user, {
      path,
      filename: 'laps.tcx',
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    const laps = await database.db.select({ n: count() }).from(activityLaps).where(eq(activityLaps.activityId, answer.activities[0]!.id));
    expect(laps[0]!.n).toBe(6000);
  });
});
