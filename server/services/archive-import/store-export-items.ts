import type { ManifestFigureName } from '@/db/schema';
import { env } from '@/server/env';
import { activityTypeFromStrava } from '@/server/formats';
import type { ManifestRow } from '@/server/formats/archive';
import { keepOriginalBytes, removeOriginal } from '@/server/stored-files/originals';
import type { PreparedActivity } from '../ingestion/prepare-activity';
import type { ActivityOverrides } from '../ingestion/insert-parsed-activities';
import { ingestActivities } from '../ingestion/ingest-activities';
import { failedItem, type ReadFile, type ReadItem, type StravaId } from './import-export-item';
import type { ItemContext, ItemOutcome } from './item-context';
import { importStrideActivity } from './import-stride-activity';
import { importManualRow, MANUAL_ROW_PREFIX } from './import-manual-row';
import { knownActivities } from './known-activities';
import { matchGear } from './match-gear';
import { withManifestFigures } from './manifest-figures';
import { storedStem } from './stored-stem';
import { discardMedia, recordMedia, storeRowMedia } from './store-row-media';
import { stravaDedupKey } from '../strava/sync/strava-sync-range';

// The second half of an item (readExportItem is the first): dedup against what is stored now,
// then original, photos and the activities' rows. Files read one after another are stored in one
// transaction: on PGlite each transaction costs its commit, the user's load context, the efforts
// and load-inputs statements and the hand-off to the activity.created subscribers once, not per file. When a
// group fails, its files are stored one by one, so a bad file fails only itself.

/** A file, the activities of it that are imported (listedActivities) and their dedup keys. */
interface ListedFile {
  file: ReadFile;
  activities: PreparedActivity[];
  keys: string[];
}

function listed(file: ReadFile): ListedFile {
  const activities = listedActivities(file);
  return { file, activities, keys: activities.map((a) => dedupKey(file.strava, a)) };
}

/** A file with activities not stored yet, and what is written for it before the transaction. */
interface StoringFile {
  file: ReadFile;
  fresh: PreparedActivity[];
  /** ids this job stored before a crash: still its creations, not duplicates */
  earlier: number[];
  skipped: number;
  originalPath?: string;
  media?: Awaited<ReturnType<typeof storeRowMedia>>;
}

/** The items' outcomes, in their order. */
export async function storeExportItems(context: ItemContext, items: readonly ReadItem[]): Promise<ItemOutcome[]> {
  const files = items.flatMap((item) => ('parsed' in item ? [listed(item)] : []));
  // an outcome known at read time stores nothing; an activity of stride.json goes in its turn
  if (files.length > 1 && !items.some((item) => 'strideItem' in item) && noSharedKeys(files)) {
    const grouped = await storeFiles(context, files).catch(() => null);
    let next = 0;
    if (grouped) return items.map((item) => ('outcome' in item ? item.outcome : grouped[next++]!));
  }
  const outcomes: ItemOutcome[] = [];
  for (const item of items) outcomes.push(await storeItem(context, item));
  return outcomes;
}

async function storeItem(context: ItemContext, item: ReadItem): Promise<ItemOutcome> {
  if ('outcome' in item) return item.outcome;
  if ('strideItem' in item) {
    const importWhole = item.strideItem.startsWith(MANUAL_ROW_PREFIX) ? importManualRow : importStrideActivity;
    return importWhole(context, item.strideItem).catch((error: unknown) => failedItem(item.strideItem, error));
  }
  return storeFiles(context, [listed(item)]).then(
    ([outcome]) => outcome!,
    (error: unknown) => failedItem(item.path, error),
  );
}

/** Two files naming one activity go one after the other: the second finds the first stored. */
function noSharedKeys(files: readonly ListedFile[]): boolean {
  const keys = files.flatMap((file) => file.keys);
  return new Set(keys).size === keys.length;
}

/** The files' activities in one transaction; on failure nothing of theirs is left stored. */
async function storeFiles(context: ItemContext, files: readonly ListedFile[]): Promise<ItemOutcome[]> {
  const planned = await planFiles(context, files);
  const storing = planned.filter((p) => p.fresh.length);
  try {
    for (const file of storing) await writeFiles(context, file);
    const ids = await insertActivities(context, storing);
    return planned.map((p) => ({ created: [...p.earlier, ...(ids.get(p) ?? [])], skipped: p.skipped, failed: 0, errors: p.media?.warnings ?? [] }));
  } catch (error) {
    await Promise.all(storing.map(discardFiles));
    throw error;
  }
}

async function planFiles(context: ItemContext, files: readonly ListedFile[]): Promise<StoringFile[]> {
  const known = await knownActivities(
    context,
    files.flatMap((f) => f.keys),
  );
  return files.map(({ file, activities, keys }) => {
    const fresh = activities.filter((_, i) => !known.has(keys[i]!));
    const earlier = keys.map((k) => known.get(k)).filter((id): id is number => typeof id === 'number');
    return { file, fresh, earlier, skipped: file.parsed.length - fresh.length - earlier.length };
  });
}

/** The original and the row's photos, written before the transaction that records them. */
async function writeFiles({ session, userId, fileKey }: ItemContext, storing: StoringFile): Promise<void> {
  const { path, name, row } = storing.file;
  storing.media = await storeRowMedia(session.archive, userId, row?.media ?? [], (photo) => storedStem(fileKey, `${path}\0${photo}`));
  // the entry is read again: the parse worker was given the bytes, not a copy
  const bytes = await session.archive.read(path, env().MAX_UPLOAD_BYTES);
  storing.originalPath = await keepOriginalBytes(userId, bytes, name, storedStem(fileKey, path));
}

async function discardFiles(storing: StoringFile): Promise<void> {
  await Promise.all([storing.originalPath && removeOriginal(storing.originalPath), discardMedia(storing.media?.stored ?? [])]);
}

/** The new activity ids of each file. */
async function insertActivities(context: ItemContext, storing: readonly StoringFile[]): Promise<Map<StoringFile, number[]>> {
  const activities: PreparedActivity[] = [];
  const overrides: ActivityOverrides[] = [];
  for (const file of storing) {
    const { row, strava, name } = file.file;
    for (const fresh of file.fresh) {
      const { activity, figuresFromManifest } = withManifestFigures(fresh, row?.figures ?? null);
      activities.push(activity);
      overrides.push({ ...overridesFor(context, row, strava, activity, figuresFromManifest), originalPath: file.originalPath, originalFilename: name });
    }
  }
  const ids = new Map<StoringFile, number[]>();
  await ingestActivities(
    context.db,
    context.userId,
    activities,
    { source: 'import', overrides },
    {
      awaitSubscribers: true,
      inTransaction: async (tx, rows) => {
        let at = 0;
        for (const file of storing) {
          const mine = rows.slice(at, (at += file.fresh.length)).map((r) => r.row.id);
          ids.set(file, mine);
          await recordMedia(tx, context.userId, mine.at(-1)!, file.media?.stored ?? []);
        }
      },
    },
  );
  return ids;
}

/**
 * spec: a multi-activity .fit with a manifest row keeps only the activity starting at the
 * manifest's time; the others are duplicate listings (a row describes one Strava activity). When
 * none starts exactly then (or the row has no readable date), the nearest start is kept.
 */
function listedActivities({ parsed, row }: ReadFile): PreparedActivity[] {
  if (parsed.length < 2 || !row) return parsed;
  const at = row.date?.getTime() ?? parsed[0]!.startTime.getTime();
  const distance = (a: PreparedActivity) => Math.abs(Math.floor(a.startTime.getTime() / 1000) - Math.floor(at / 1000));
  return [parsed.reduce((best, a) => (distance(a) < distance(best) ? a : best))];
}

/**
 * Provider sync keeps `strava:<id>`, so an activity synced before is not imported again (and the
 * reverse). Without an id the start second names it: re-importing the export finds it again.
 */
function dedupKey(strava: StravaId | null, activity: PreparedActivity): string {
  if (strava) return stravaDedupKey(strava.id);
  return `import:${Math.floor(activity.startTime.getTime() / 1000)}`;
}

function overridesFor(
  context: ItemContext,
  row: ManifestRow | null,
  strava: StravaId | null,
  activity: PreparedActivity,
  figuresFromManifest: ManifestFigureName[],
): ActivityOverrides {
  const importRecord = {
    initiated_at: context.initiatedAt,
    label: context.label,
    provider_activity_id: strava?.id ?? null,
    figures_from_manifest: figuresFromManifest,
  };
  if (!row) return { importRecord, dedupKey: dedupKey(null, activity) };
  return {
    name: row.name,
    description: row.description,
    activityType: row.type ? activityTypeFromStrava(row.type) : undefined,
    gearId: matchGear(row.gear, context.session.gear),
    importRecord,
    dedupKey: dedupKey(strava, activity),
    providerActivityId: strava?.synced ? strava.id : null,
  };
}
