import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { activities } from '@/db/schema';
import { env } from '@/server/env';
import { writeZip } from '@/server/formats/archive/test-support/zip-writer';
import { CORPUS_DIR } from '@/server/formats/test-support/corpus';
import { newUser } from '@/server/testing/new-user';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { readExportItem } from './import-export-item';
import { closeImportSession, importSession } from './import-session';
import type { ItemContext } from './item-context';
import { ITEM_CODES } from './job-items';
import { storedStem } from './stored-stem';
import { storeExportItems } from './store-export-items';

// Files read while the store was busy are stored in one transaction (every row of the group has
// the same xmin, the id of the transaction that inserted it); a file that cannot be stored sends
// the group back to one transaction per file, and fails only itself.

const FILES = ['fit/tomtom_run.fit', 'gpx/strava_export_run_hr_cad_temp.gpx', 'tcx/garmin_fr305_run_23laps.tcx'];

describe.each(testEngines())('storing archive files together on %s', (engine) => {
  let database: TestDatabase;
  let archivePath: string;
  const paths = FILES.map((f) => `activities/${f.split('/')[1]}`);
  const keys: string[] = [];

  beforeAll(async () => {
    useTestEnv();
    database = await openTestDatabase(engine);
    archivePath = join(mkdtempSync(join(tmpdir(), 'stride-group-')), 'export.zip');
    await writeZip(
      archivePath,
      FILES.map((f, i) => ({ name: paths[i]!, data: readFileSync(join(CORPUS_DIR, f)) })),
    );
  });
  afterAll(async () => {
    await Promise.all(keys.map(closeImportSession));
    await database.close();
  });

  async function readAll(key: string) {
    keys.push(key);
    const user = await newUser(database.db);
    const session = await importSession(database.db, user.id, key, archivePath);
    const context: ItemContext = { db: database.db, userId: user.id, session, label: 'export.zip', initiatedAt: new Date().toISOString(), fileKey: key };
    const reads = await Promise.all(paths.map((p) => readExportItem(context, p, new Map())));
    return { user, context, reads };
  }
  const stored = (userId: number) =>
    database.db
      .select({ id: activities.id, filename: activities.originalFilename, path: activities.originalPath, xmin: sql<string>`xmin::text` })
      .from(activities)
      .where(eq(activities.userId, userId))
      .orderBy(activities.id);

  it('stores the files of a group in one transaction, each activity with its own original', async () => {
    const { user, context, reads } = await readAll(`group-${engine}`);
    // an item whose read already failed stores nothing and does not split the group
    const refused = await readExportItem(context, 'activities/missing.gpx', new Map());
    expect(refused).toHaveProperty('outcome.failed', 1);
    const outcomes = await storeExportItems(context, [reads[0]!, refused, reads[1]!, reads[2]!]);
    expect(outcomes[1]).toBe((refused as { outcome: unknown }).outcome);
    outcomes.splice(1, 1);
    const rows = await stored(user.id);
    expect(rows.map((r) => r.filename)).toEqual(paths.map((p) => p.split('/')[1]));
    expect(outcomes.map((o) => o.created)).toEqual(rows.map((r) => [r.id]));
    expect(new Set(rows.map((r) => r.xmin)).size).toBe(1);
    for (const row of rows) expect(existsSync(join(env().DATA_DIR, row.path!))).toBe(true);
    expect(new Set(rows.map((r) => r.path)).size).toBe(3);

    // stored again (a replay of the batch): found by their dedup keys, this import's creations still
    const again = await storeExportItems(context, reads);
    expect(again.map((o) => o.created)).toEqual(outcomes.map((o) => o.created));
    expect(await stored(user.id)).toHaveLength(3);
  });

  it('a file whose original cannot be written fails alone; the others are stored one by one', async () => {
    const { user, context, reads } = await readAll(`fallback-${engine}`);
    // a folder where the second file's original goes (a GPX is kept gzipped): writing it fails with EISDIR
    await mkdir(join(env().DATA_DIR, 'originals', String(user.id), `${storedStem(context.fileKey, paths[1]!)}.gpx.gz`), { recursive: true });
    const outcomes = await storeExportItems(context, reads);
    expect(outcomes.map((o) => o.failed)).toEqual([0, 1, 0]);
    expect(outcomes[1]!.errors).toEqual([expect.objectContaining({ item: paths[1], code: ITEM_CODES.storage })]);
    const rows = await stored(user.id);
    expect(rows.map((r) => r.filename)).toEqual([paths[0], paths[2]].map((p) => p!.split('/')[1]));
    expect(outcomes.filter((o) => !o.failed).map((o) => o.created)).toEqual(rows.map((r) => [r.id]));
    expect(new Set(rows.map((r) => r.xmin)).size).toBe(2);
  });

  it('the same file twice in a group is stored once: the second finds the first', async () => {
    const { user, context, reads } = await readAll(`twice-${engine}`);
    const outcomes = await storeExportItems(context, [reads[0]!, reads[0]!, reads[1]!]);
    const rows = await stored(user.id);
    expect(rows).toHaveLength(2);
    expect(outcomes[0]!.created).toEqual([rows[0]!.id]);
    expect(outcomes[2]!.created).toEqual([rows[1]!.id]);
  });
});
