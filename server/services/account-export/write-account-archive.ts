import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import Papa from 'papaparse';
import type { Db } from '@/db/client';
import { activities, activityStreams, gears } from '@/db/schema';
import { activityGpx } from '../activities/activity-gpx';
import { mediaAbsolutePath } from '@/server/stored-files/media-files';
import { GEAR_CSV_COLUMNS } from '../gear/parse-gear-csv';
import { streamOriginalAsSent } from '@/server/stored-files/originals';
import { activitiesCsv } from './activities-csv';
import { EXPORT_CSV_OPTIONS } from './csv-options';
import { listExportActivities, type ExportActivity } from './list-export-activities';
import { strideJson } from './stride-json';

export interface ArchiveOutcome {
  activities: number;
  bytes: number;
}

/**
 * A stream that does nothing until jszip reads it. jszip binds every entry's stream when the entry
 * is added and reads them one after another while it writes, so at most one original or GPX is
 * open (and in memory) at a time.
 */
function lazy(produce: () => AsyncIterable<Buffer>): Readable {
  return Readable.from(
    (async function* () {
      yield* produce();
    })(),
    { objectMode: false },
  );
}

async function* activityFile(db: Db, activity: ExportActivity): AsyncIterable<Buffer> {
  if (activity.file === 'original') {
    yield* streamOriginalAsSent(activity.originalPath!, activity.originalFilename);
    return;
  }
  const [row] = await db.select().from(activities).where(eq(activities.id, activity.id));
  const [streams] = await db.select().from(activityStreams).where(eq(activityStreams.activityId, activity.id));
  yield Buffer.from(activityGpx(row!, streams ?? null));
}

async function gearCsv(db: Db, userId: number, kind: 'bikes' | 'shoes'): Promise<string> {
  const columns = GEAR_CSV_COLUMNS[kind];
  const rows = await db
    .select()
    .from(gears)
    .where(and(eq(gears.userId, userId), eq(gears.gearType, kind === 'bikes' ? 'bike' : 'shoes')))
    .orderBy(asc(gears.id));
  return Papa.unparse(
    { fields: [columns.name, columns.brand, columns.model], data: rows.map((g) => [g.nickname, g.brand ?? '', g.model ?? '']) },
    EXPORT_CSV_OPTIONS,
  );
}

/**
 * Writes the user's whole account as a Strava-layout zip at `target` (CONTRACT: Account
 * export), streamed: the archive goes to disk as jszip produces it (`.part`, renamed when
 * complete). `onActivity(done, total)` is called as each activity's file is written.
 */
export async function writeAccountArchive(
  db: Db,
  userId: number,
  target: string,
  exportedAt: Date,
  onActivity: (done: number, total: number) => Promise<void> | void = () => {},
): Promise<ArchiveOutcome> {
  const rows = await listExportActivities(db, userId);
  const zip = new JSZip();
  zip.file('activities.csv', activitiesCsv(rows));
  let done = 0;
  for (const activity of rows) {
    if (!activity.filename) continue;
    const stream = lazy(async function* () {
      yield* activityFile(db, activity);
      done += 1;
      await onActivity(done, rows.length);
    });
    // .gz and .fit are already dense: storing them saves the CPU of a second deflate
    zip.file(activity.filename, stream, { compression: /\.(gz|fit)$/.test(activity.filename) ? 'STORE' : 'DEFLATE' });
  }
  zip.file('bikes.csv', await gearCsv(db, userId, 'bikes'));
  zip.file('shoes.csv', await gearCsv(db, userId, 'shoes'));
  zip.folder('media');
  for (const photo of rows.flatMap((a) => a.media)) {
    // photos are already compressed images: stored as they are
    zip.file(
      photo.name,
      lazy(() => createReadStream(mediaAbsolutePath(photo.path)) as AsyncIterable<Buffer>),
      { compression: 'STORE' },
    );
  }
  zip.file('stride.json', JSON.stringify(await strideJson(db, userId, rows, exportedAt), null, 1));

  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.part`;
  try {
    const output = zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE', compressionOptions: { level: 6 } });
    await pipeline(output, createWriteStream(partial));
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await onActivity(rows.length, rows.length);
  return { activities: rows.length, bytes: (await stat(target)).size };
}
