import { now } from '@/server/clock';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Db } from '@/db/client';
import type { JobItemError } from '@/db/schema';
import { AppError, isAppError } from '@/server/errors';
import { ArchiveItemError, ArchiveRefused, baseName } from '@/server/formats/archive';
import { importGearCsv } from '../gear/import-gear-csv';
import { GEAR_CSV_MAX_BYTES } from '../gear/schemas';
import { importSession, loadGear, type ImportSession } from './import-session';
import { importStrideExtras } from './import-stride-extras';
import { strideItems } from './import-stride-activity';
import { manualRowItems } from './import-manual-row';
import { ITEM_CODES } from './job-items';

// First step of an export's import: open it (caps checked, manifest headers checked: a missing
// header aborts with a problem naming it), import stride.json's gear and weight (a Stride export)
// then bikes.csv and shoes.csv with the gear rules so the manifest's gear can be matched, and list
// the work: the activity files and stride.json's file-less activities, plus the errors known up
// front (refused entries, manifest rows whose file is not in the export, stride.json warnings).

export interface PreparedExport {
  label: string;
  initiatedAt: string;
  /** activity files (paths in the export), sorted, each imported in a batch step */
  items: string[];
  errors: JobItemError[];
  gear: { created: number; skipped: number };
  weights: { created: number; skipped: number };
}

export const ACTIVITY_FILE = /\.(fit|gpx|tcx)(\.gz)?$/i;

/** The export's session; a vanished export is 404 and a refused one 424, ending the job with that problem. */
export async function openExportOrThrow(db: Db, userId: number, sessionKey: string, path: string): Promise<ImportSession> {
  await stat(path).catch(() => {
    throw new AppError('not_found', { detail: `The export ${basename(path)} is not in the drop folder any more.` });
  });
  return importSession(db, userId, sessionKey, path).catch((error: unknown) => {
    if (error instanceof ArchiveRefused) throw new AppError('failed_dependency', { detail: `${basename(path)}: ${error.reason}`, cause: error });
    throw error;
  });
}

export async function prepareExport(db: Db, userId: number, sessionKey: string, path: string): Promise<PreparedExport> {
  const session = await openExportOrThrow(db, userId, sessionKey, path);
  const errors: JobItemError[] = [...session.stride.warnings];
  const gear = { created: 0, skipped: 0 };
  let weights = { created: 0, skipped: 0 };
  if (session.stride.data) {
    const extras = await importStrideExtras(db, userId, session.stride.data);
    Object.assign(gear, extras.gear);
    weights = extras.weights;
  }
  for (const kind of ['bikes', 'shoes'] as const) {
    const item = `${kind}.csv`;
    if (!session.archive.has(item)) continue;
    try {
      const text = (await session.archive.read(item, GEAR_CSV_MAX_BYTES)).toString('utf8');
      const result = await importGearCsv(db, userId, kind, text, { fromArchive: true });
      gear.created += result.created;
      gear.skipped += result.skipped;
    } catch (error) {
      // a gear CSV without its headers (424 from the gear rules) or unreadable: the activities go on
      if (isAppError(error)) errors.push({ item, code: ITEM_CODES.gear, detail: error.detail });
      else if (error instanceof ArchiveItemError) errors.push({ item, code: ITEM_CODES.gear, detail: error.reason });
      else throw error;
    }
  }
  session.gear = await loadGear(db, userId);

  const files = session.archive.items
    .map((i) => i.path)
    .filter((p) => ACTIVITY_FILE.test(p))
    .sort();
  // a Stride export lists its file-less activities in stride.json too: those rows are its, not Strava's manual entries
  const manualRows = session.stride.data ? [] : manualRowItems(session.manifest);
  const items = [...files, ...strideItems(session.stride.data?.activities ?? []), ...manualRows];
  errors.push(...session.archive.refused.map((r) => ({ item: r.item, code: ITEM_CODES.refused, detail: r.reason })));
  const present = new Set(files.map(baseName));
  for (const [name, row] of session.manifest?.byBaseName ?? []) {
    if (!present.has(name))
      errors.push({ item: row.filename, code: ITEM_CODES.missing, detail: 'activities.csv lists this file but the export does not hold it.' });
  }
  return { label: `Strava export ${basename(path)}`, initiatedAt: now().toISOString(), items, errors, gear, weights };
}
