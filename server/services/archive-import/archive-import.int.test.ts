import { mkdtempSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { activities, activityMedia, gears, jobs } from '@/db/schema';
import { env } from '@/server/env';
import { activityTypeFromStrava, parseActivityFile } from '@/server/formats';
import { writeZip } from '@/server/formats/archive/test-support/zip-writer';
import { CORPUS_DIR } from '@/server/formats/test-support/corpus';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { readFileSync } from 'node:fs';
import { setArchiveLimitsForTests } from './import-session';
import { enqueueArchiveImport } from './start-archive-import';
import { corpusExport, tinyJpeg, type Assignment } from './test-support/corpus-export';
import { ITEM_CODES } from './job-items';
import { newUser as newTestUser } from '@/server/testing/new-user';

const IRONMAN = 'fit/garmin_fenix5x_ironman_multisport_14h.fit';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The export's own date form: "Nov 24, 2019, 1:05:09 PM". */
const exportDate = (d: Date) => {
  const h = d.getUTCHours();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}, ${h % 12 || 12}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
};

/**
 * Strava's figures per Activity ID, read straight from the corpus manifest: the last (SI) copy of a
 * repeated column; a time column whose last copy is empty falls back to the first.
 */
function stravaFigures(): Map<string, Record<string, number>> {
  const [header, ...records] = Papa.parse<string[]>(readFileSync(join(CORPUS_DIR, 'csv/activities.csv'), 'utf8'), { skipEmptyLines: 'greedy' }).data;
  const plain = (cell: string | undefined, positive: boolean) =>
    /^\d+(\.\d+)?$/.test(cell?.trim() ?? '') && (!positive || Number(cell) > 0) ? Number(cell) : undefined;
  const columns: [string, string, boolean, boolean][] = [
    ['total_elapsed_time', 'Elapsed Time', true, true],
    ['moving_time', 'Moving Time', true, true],
    ['distance', 'Distance', false, false],
    ['elevation_gain', 'Elevation Gain', true, false],
  ];
  const byId = new Map<string, Record<string, number>>();
  for (const record of records) {
    const figures: Record<string, number> = {};
    for (const [wire, name, fallBack, positive] of columns) {
      const value = plain(record[header!.lastIndexOf(name)], positive) ?? (fallBack ? plain(record[header!.indexOf(name)], positive) : undefined);
      if (value !== undefined) figures[wire] = value;
    }
    byId.set(record[header!.indexOf('Activity ID')]!, figures);
  }
  return byId;
}

describe.each(testEngines())('Strava export archive import on %s', (engine) => {
  let database: TestDatabase;
  let dir: string;
  const newUser = () => newTestUser(database.db);
  const runImport = async (userId: number, path: string) => {
    const job = await enqueueArchiveImport(database.db, userId, [path]);
    await new EmbeddedRunner(database.db, { pollMs: 20 }).drain();
    return (await database.db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!;
  };
  const userActivities = (userId: number) => database.db.select().from(activities).where(eq(activities.userId, userId));
  const zip = async (name: string, entries: Parameters<typeof writeZip>[1]) => {
    const path = join(dir, name);
    await writeZip(path, entries);
    return path;
  };

  // The ironman file's second real session is given the manifest time of its row, so the
  // "multi-activity FIT keeps only the activity at the manifest time" rule has one right answer.
  let ironmanStart: Date;
  let assignments: Assignment[];
  let corpusZip: string;
  let mediaRow: Assignment;
  let importedOnce: { userId: number; progress: { created: number; skipped: number; failed: number } } | undefined;

  beforeAll(async () => {
    useTestEnv();
    database = await openTestDatabase(engine);
    dir = mkdtempSync(join(tmpdir(), 'stride-export-'));
    const sessions = await parseActivityFile(readFileSync(join(CORPUS_DIR, IRONMAN)), 'x.fit');
    ironmanStart = sessions[1]!.startTime;
    const built = corpusExport({
      editManifest: (text, chosen) => {
        const row = chosen.find((a) => a.corpusFile === IRONMAN)!.row;
        return text.replace(`${row['Activity ID']},"${row['Activity Date']}"`, `${row['Activity ID']},"${exportDate(ironmanStart)}"`);
      },
    });
    assignments = built.assignments;
    mediaRow = assignments.find((a) => a.row.Media!.includes('|'))!;
    const [good, svg] = mediaRow.row.Media!.split('|');
    corpusZip = await zip('corpus-export.zip', [
      ...built.entries,
      { name: good!, data: tinyJpeg(), method: 'store' },
      { name: svg!, data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
    ]);
  });
  afterAll(() => database.close());
  afterEach(() => setArchiveLimitsForTests({}));

  // the whole corpus, over a thousand items: minutes on two cores shared with a parallel suite (a
  // deadline against a hang, not a measure of speed: bench/import prints that)
  it('imports the corpus export with the real manifest: names, types, gear, import records, photos and counts', { timeout: 600_000 }, async () => {
    const user = await newUser();
    const job = await runImport(user.id, corpusZip);
    expect(job.status).toBe('succeeded');
    const stored = await userActivities(user.id);
    const missing = 1076 - assignments.length;
    // rows whose file is not in the export are failed items with their own error (documented)
    expect(job.errors.filter((e) => e.code === ITEM_CODES.missing)).toHaveLength(missing);
    // the two multi-activity files (ironman FIT, multisport TCX: three activities each) keep one
    // activity for their row and skip two each as duplicate listings
    expect(job.progress).toMatchObject({ total: 1076, done: 1076, failed: missing, created: stored.length, skipped: 4 });
    expect([...job.activityIds].sort()).toEqual(stored.map((a) => a.id).sort());
    expect(stored).toHaveLength(assignments.length);

    const shoes = await database.db.select().from(gears).where(eq(gears.userId, user.id));
    expect(shoes.map((g) => g.nickname).sort()).toEqual(['Asics 01', 'Asics 02', 'OC3', 'Shoe 1', 'Tribase Amarelo', 'Tribase Rosa']);
    const gearId = (name: string) => shoes.find((g) => g.nickname === name)?.id ?? null;
    for (const { row, corpusFile } of assignments) {
      const activity = stored.find((a) => a.dedupKey === `strava:${row['Activity ID']}`);
      expect(activity, corpusFile).toBeDefined();
      expect(activity).toMatchObject({
        name: row['Activity Name']!.trim(),
        activityType: activityTypeFromStrava(row['Activity Type']),
        gearId: gearId(row['Activity Gear']!),
        source: 'import',
        providerActivityId: null,
        importRecord: { provider_activity_id: Number(row['Activity ID']), label: 'Strava export corpus-export.zip' },
      });
    }
    expect(stored.filter((a) => a.gearId !== null).length).toBeGreaterThan(0);

    // CONTRACT: Beyond the spec … Imported history: Strava's four figures from the manifest, listed in the import record
    const strava = stravaFigures();
    let withAllFour = 0;
    for (const { row, corpusFile } of assignments) {
      const activity = stored.find((a) => a.dedupKey === `strava:${row['Activity ID']}`)!;
      const figures = strava.get(row['Activity ID']!)!;
      expect(activity.importRecord!.figures_from_manifest, corpusFile).toEqual(Object.keys(figures));
      if (figures.total_elapsed_time !== undefined) {
        expect(activity.totalElapsedTime, corpusFile).toBe(figures.total_elapsed_time);
        expect(activity.endTime.getTime() - activity.startTime.getTime(), corpusFile).toBe(figures.total_elapsed_time * 1000);
      }
      if (figures.moving_time !== undefined) expect(activity.movingTime, corpusFile).toBe(figures.moving_time);
      if (figures.distance !== undefined) expect(activity.distance, corpusFile).toBe(figures.distance);
      if (figures.elevation_gain !== undefined) expect(activity.elevationGain, corpusFile).toBe(figures.elevation_gain);
      if (Object.keys(figures).length === 4) withAllFour++;
    }
    expect(withAllFour).toBeGreaterThan(assignments.length / 2);

    const ironman = assignments.find((a) => a.corpusFile === IRONMAN)!;
    expect(stored.find((a) => a.dedupKey === `strava:${ironman.row['Activity ID']}`)!.startTime.toISOString()).toBe(ironmanStart.toISOString());

    const photoOwner = stored.find((a) => a.dedupKey === `strava:${mediaRow.row['Activity ID']}`)!;
    const photos = await database.db.select().from(activityMedia).where(eq(activityMedia.activityId, photoOwner.id));
    expect(photos).toMatchObject([{ contentType: 'image/jpeg', width: 3, height: 2, filename: mediaRow.row.Media!.split('|')[0] }]);
    // the SVG and the photo missing from the export are warnings; the activity is still stored
    const warnings = job.errors.filter((e) => e.code === ITEM_CODES.media).map((w) => w.item);
    expect(warnings).toEqual(expect.arrayContaining(mediaRow.row.Media!.split('|').slice(1)));
    expect(warnings).not.toContain(mediaRow.row.Media!.split('|')[0]);
    importedOnce = { userId: user.id, progress: job.progress };
  });

  it('CONTRACT: an export imported once imports nothing again (every activity skipped, created 0; no second blank-named Shoe N)', async () => {
    const { userId, progress: first } = importedOnce!;
    const gearBefore = await database.db.select().from(gears).where(eq(gears.userId, userId));
    const second = await runImport(userId, corpusZip);
    // CONTRACT: Beyond the spec … Imported history: the blank-named row of shoes.csv is known by the archive's file and row
    const gearAfter = await database.db.select().from(gears).where(eq(gears.userId, userId));
    expect(gearAfter.map((g) => g.nickname).sort()).toEqual(gearBefore.map((g) => g.nickname).sort());
    expect(gearAfter.filter((g) => g.nickname.startsWith('Shoe '))).toHaveLength(1);
    expect(second.status).toBe('succeeded');
    // each row's activity is found by its Strava id before its file is read (duplicate listings
    // inside multi-activity files are not listed again)
    expect(second.progress).toMatchObject({ created: 0, skipped: first.created, failed: first.failed });
    expect(second.activityIds).toEqual([]);
    expect(await userActivities(userId)).toHaveLength(first.created);
  });

  it("CONTRACT: Hand-made activities: Strava's manual entries (rows without a file) become manual activities with the manifest's figures, counted in the job", async () => {
    const user = await newUser();
    const header =
      'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Moving Time,Elevation Gain,Filename,Activity Gear,Media';
    const rows = [
      `101,"${exportDate(new Date(Date.UTC(2016, 4, 1, 6, 0, 0)))}",Track file,Run,,1800,5000,1700,10,activities/101.gpx,,`,
      `102,"${exportDate(new Date(Date.UTC(2016, 4, 2, 17, 30, 0)))}",Gym,Weight Training,Legs,3600,0,3000,0,,,`,
      `103,"${exportDate(new Date(Date.UTC(2016, 4, 3, 7, 0, 0)))}",Run without watch,Run,,2700,8046.7,2700,35,,,`,
      `104,,No date,Run,,600,1000,600,0,,,`,
    ];
    const path = await zip('manual-rows.zip', [
      { name: 'activities.csv', data: Buffer.from(`${header}\n${rows.join('\n')}\n`) },
      { name: 'activities/101.gpx', data: readFileSync(join(CORPUS_DIR, 'gpx/garmin_connect_run_tpx_hr_cad_temp.gpx')) },
    ]);
    const job = await runImport(user.id, path);
    // every row is an item: the file, two manual entries, and a manual entry without a date (refused)
    expect(job.progress).toMatchObject({ total: 4, done: 4, created: 3, failed: 1 });
    expect(job.errors).toEqual([expect.objectContaining({ item: 'activities.csv#4', code: ITEM_CODES.refused })]);
    const stored = await userActivities(user.id);
    const manual = stored.filter((a) => a.source === 'manual').sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
    expect(manual.map((a) => a.name)).toEqual(['Gym', 'Run without watch']);
    expect(manual[0]).toMatchObject({
      activityType: activityTypeFromStrava('Weight Training'),
      description: 'Legs',
      totalElapsedTime: 3600,
      movingTime: 3000,
      hasStreams: false,
      providerActivityId: null,
      dedupKey: 'strava:102',
    });
    expect(manual[1]).toMatchObject({ activityType: 'run', distance: 8046.7, totalElapsedTime: 2700, movingTime: 2700, elevationGain: 35 });
    expect(manual[1]!.importRecord).toMatchObject({
      provider_activity_id: 103,
      figures_from_manifest: ['total_elapsed_time', 'moving_time', 'distance', 'elevation_gain'],
    });
    // imported again: nothing new
    const again = await runImport(user.id, path);
    expect(again.progress).toMatchObject({ total: 4, created: 0, skipped: 3, failed: 1 });
    expect(await userActivities(user.id)).toHaveLength(3);
  });

  it('spec: a manifest lacking required headers aborts the import with a 424 naming them', async () => {
    const user = await newUser();
    const path = await zip('no-headers.zip', [
      {
        name: 'activities.csv',
        data: Buffer.from('Activity ID,Filename,Activity Name,Activity Type,Activity Date,Activity Description\n1,activities/1.gpx,a,Run,x,\n'),
      },
      { name: 'activities/1.gpx', data: readFileSync(join(CORPUS_DIR, 'gpx/garmin_connect_run_tpx_hr_cad_temp.gpx')) },
    ]);
    const job = await runImport(user.id, path);
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ status: 424 });
    expect(job.error!.detail).toContain('activities.csv lacks the required headers: Activity Gear, Media.');
    expect(await userActivities(user.id)).toHaveLength(0);
  });

  it('refuses zip-slip, absolute, symlink and bomb entries as failed items and imports the rest', async () => {
    const user = await newUser();
    const gpx = readFileSync(join(CORPUS_DIR, 'gpx/strava_export_run_hr_cad_temp.gpx'));
    const path = await zip('hostile.zip', [
      { name: '../../evil/activities/1.gpx', data: gpx },
      { name: '/etc/activities/2.gpx', data: gpx },
      { name: 'activities/link.gpx', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
      { name: 'activities/bomb.gpx', data: Buffer.alloc(8 * 1024 * 1024, 0x20) },
      { name: 'activities/inner.zip', data: Buffer.from('PK') },
      { name: 'activities/ok.gpx', data: gpx },
    ]);
    const job = await runImport(user.id, path);
    expect(job.status).toBe('succeeded');
    const refused = job.errors.filter((e) => e.code === ITEM_CODES.refused);
    expect(refused.map((e) => e.item)).toEqual([
      '../../evil/activities/1.gpx',
      '/etc/activities/2.gpx',
      'activities/link.gpx',
      'activities/bomb.gpx',
      'activities/inner.zip',
    ]);
    expect(job.progress).toMatchObject({ total: 6, done: 6, created: 1, failed: 5 });
    // a file without a manifest row gets basic metadata, and the no-row dedup key
    const [only] = await userActivities(user.id);
    expect(only).toMatchObject({ source: 'import', description: null, gearId: null, importRecord: { provider_activity_id: null } });
    expect(only!.dedupKey).toMatch(/^import:\d+$/);
  });

  it('fails the whole job (424) for an archive with too many entries, and for a file that is not a zip', async () => {
    const user = await newUser();
    setArchiveLimitsForTests({ maxEntries: 5 });
    const many = await zip(
      'many.zip',
      Array.from({ length: 8 }, (_, i) => ({ name: `activities/${i}.gpx`, data: Buffer.from('<gpx/>') })),
    );
    const job = await runImport(user.id, many);
    expect(job).toMatchObject({ status: 'failed', error: { status: 424 } });
    expect(job.error!.detail).toContain('holds 8 entries, more than the 5');
    const junk = join(dir, 'junk.zip');
    writeFileSync(junk, 'not a zip');
    expect((await runImport(user.id, junk)).error).toMatchObject({ status: 424, detail: 'junk.zip: The file is not a readable zip archive.' });
  });

  it('a file that cannot be stored fails that item, not the job (the originals folder is unusable)', async () => {
    const user = await newUser();
    await mkdir(join(env().DATA_DIR, 'originals'), { recursive: true });
    writeFileSync(join(env().DATA_DIR, 'originals', String(user.id)), 'a file where the folder should be');
    const gpx = readFileSync(join(CORPUS_DIR, 'gpx/strava_export_run_hr_cad_temp.gpx'));
    const job = await runImport(user.id, await zip('storage.zip', [{ name: 'activities/a.gpx', data: gpx }]));
    expect(job.status).toBe('succeeded');
    expect(job.progress).toMatchObject({ total: 1, failed: 1, created: 0 });
    expect(job.errors).toMatchObject([{ item: 'activities/a.gpx', code: ITEM_CODES.storage }]);
  });

  it('reads an unpacked export folder like the zip; a broken bikes.csv is a message, not a failure', async () => {
    const user = await newUser();
    const folder = mkdtempSync(join(dir, 'unpacked-'));
    await mkdir(join(folder, 'activities'));
    writeFileSync(
      join(folder, 'activities.csv'),
      `Filename,Activity ID,Activity Name,Activity Description,Activity Type,Activity Date,Activity Gear,Media\nactivities/r.tcx.gz,77,Morning Paddle,calm,Stand Up Paddling,"Jul 16, 2022, 4:08:25 PM",,\n`,
    );
    writeFileSync(
      join(folder, 'activities/r.tcx.gz'),
      (await import('node:zlib')).gzipSync(readFileSync(join(CORPUS_DIR, 'tcx/garmin_vivoactive_sup_other.tcx'))),
    );
    writeFileSync(join(folder, 'bikes.csv'), 'Name,Brand\nRoadie,Canyon\n');
    const job = await runImport(user.id, folder);
    expect(job.progress).toMatchObject({ total: 1, created: 1, failed: 0 });
    // a gear CSV without the spec's headers is reported, and the activities are imported anyway
    expect(job.errors).toEqual([{ item: 'bikes.csv', code: ITEM_CODES.gear, detail: expect.stringContaining('Bike Name, Bike Brand, Bike Model') }]);
    expect((await userActivities(user.id))[0]).toMatchObject({
      name: 'Morning Paddle',
      description: 'calm',
      activityType: 'stand_up_paddling',
      dedupKey: 'strava:77',
    });
  });
});
