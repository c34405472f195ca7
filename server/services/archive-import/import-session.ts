import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { gears } from '@/db/schema';
import { openExportArchive, parseManifest, type ArchiveLimits, type ExportArchive, type Manifest } from '@/server/formats/archive';
import { MIB } from '@/server/formats/limits';
import type { GearCandidate } from './match-gear';
import { readStrideJson, type StrideRead } from './read-stride-json';

// The opened archive, its manifest and the user's gear, kept while a job's batches run in this
// process (each batch step would otherwise re-read the zip directory and re-parse the manifest).
// Only a cache: a replayed job on another process opens its own.

export interface ImportSession {
  archive: ExportArchive;
  /** null when the export has no activities.csv (files then get basic metadata only) */
  manifest: Manifest | null;
  gear: GearCandidate[];
  /** stride.json of a Stride export (data null when absent or unusable, with the warnings why) */
  stride: StrideRead;
}

const MANIFEST_MAX_BYTES = 64 * MIB;
const sessions = new Map<string, Promise<ImportSession>>();
let limitsForTests: Partial<ArchiveLimits> = {};

/** Tests lower the archive caps (entries, inflated bytes) to build small hostile archives. */
export function setArchiveLimitsForTests(limits: Partial<ArchiveLimits>): void {
  limitsForTests = limits;
}

export function importSession(db: Db, userId: number, key: string, path: string): Promise<ImportSession> {
  let session = sessions.get(key);
  if (!session) {
    session = openSession(db, userId, path);
    sessions.set(key, session);
    session.catch(() => sessions.delete(key));
  }
  return session;
}

/** Closes the archive once the job is done with it. */
export async function closeImportSession(key: string): Promise<void> {
  const session = sessions.get(key);
  sessions.delete(key);
  await (await session?.catch(() => null))?.archive.close();
}

export function loadGear(db: Db, userId: number): Promise<GearCandidate[]> {
  return db.select({ id: gears.id, nickname: gears.nickname, brand: gears.brand, model: gears.model }).from(gears).where(eq(gears.userId, userId));
}

async function openSession(db: Db, userId: number, path: string): Promise<ImportSession> {
  const archive = await openExportArchive(path, limitsForTests);
  try {
    const manifest = archive.has('activities.csv') ? parseManifest((await archive.read('activities.csv', MANIFEST_MAX_BYTES)).toString('utf8')) : null;
    return { archive, manifest, gear: await loadGear(db, userId), stride: await readStrideJson(archive) };
  } catch (error) {
    await archive.close();
    throw error;
  }
}
