import type { ManifestFigureName } from '@/db/schema';
import { env } from '@/server/env';
import { activityTypeFromStrava } from '@/server/formats';
import type { PreparedActivity } from '@/server/services/ingestion/prepare-activity';
import { baseName, type ManifestRow } from '@/server/formats/archive';
import type { ActivityOverrides } from '../ingestion/insert-parsed-activities';
import { ingestActivities } from '../ingestion/ingest-activities';
import { parseForIngestion } from '../ingestion/parse-for-ingestion';
import { keepOriginalBytes, removeOriginal } from '@/server/stored-files/originals';
import type { ItemContext, ItemOutcome } from './item-context';
import { importStrideActivity, STRIDE_ITEM_PREFIX } from './import-stride-activity';
import { itemError } from './job-items';
import { knownActivities } from './known-activities';
import { matchGear } from './match-gear';
import { withManifestFigures } from './manifest-figures';
import { storedStem } from './stored-stem';
import { stravaIdOf } from './strava-id';
import { discardMedia, recordMedia, storeRowMedia } from './store-row-media';

type StravaId = ReturnType<typeof stravaIdOf>;

// One activity file of an export through the shared ingestion pipeline, with its manifest row:
// name, description, type (the one type table), gear, Strava's figures (manifest-figures.ts), and
// the import record carrying the Strava id. One transaction per file; a re-run finds every activity by its dedup key and skips it.

/**
 * An item read and parsed, waiting to be stored; or its outcome already (known, or failed); or an
 * activity of stride.json, imported whole when its turn to be stored comes.
 */
export type ReadItem =
  | { outcome: ItemOutcome }
  | { strideItem: string }
  | { path: string; name: string; row: ManifestRow | null; strava: StravaId | null; parsed: PreparedActivity[] };

/**
 * The first half of an item: the archive entry read and parsed in the worker pool. Only reads, so
 * the batch runs it for the next items while this one is stored (the parse is the cost).
 */
export async function readExportItem(context: ItemContext, path: string): Promise<ReadItem> {
  const { session } = context;
  const name = baseName(path);
  try {
    if (path.startsWith(STRIDE_ITEM_PREFIX)) return { strideItem: path };
    const row = session.manifest?.byBaseName.get(name) ?? null;
    // a row's Strava id names its activity before the file is even read: a re-import is cheap
    const strava = row?.activityId != null ? stravaIdOf(session, row.activityId) : null;
    if (strava) {
      const id = (await knownActivities(context, [`strava:${strava.id}`])).get(`strava:${strava.id}`);
      if (id !== undefined)
        return { outcome: id === null ? { created: [], skipped: 1, failed: 0, errors: [] } : { created: [id], skipped: 0, failed: 0, errors: [] } };
    }
    // the bytes are moved to the parse worker, not copied: the store reads the entry again for the
    // original, so no item waiting in the batch holds its file twice (an entry may be MAX_UPLOAD_BYTES)
    const parsed = await parseForIngestion(await session.archive.read(path, env().MAX_UPLOAD_BYTES), name);
    return { path, name, row, strava, parsed };
  } catch (error) {
    return { outcome: failedItem(path, error) };
  }
}

/** The second half: dedup against what is stored now, then original, photos and one transaction. */
export async function storeExportItem(context: ItemContext, item: ReadItem): Promise<ItemOutcome> {
  if ('outcome' in item) return item.outcome;
  if ('strideItem' in item) return importStrideActivity(context, item.strideItem).catch((error: unknown) => failedItem(item.strideItem, error));
  const { db, userId, session } = context;
  const { path, name, row, strava, parsed } = item;
  try {
    const listed = listedActivities(parsed, row);
    const keys = listed.map((a) => dedupKey(strava, a));
    const known = await knownActivities(context, keys);
    const fresh = listed.filter((_, i) => !known.has(keys[i]!));
    // stored by this very job before a crash: still this job's creations, not duplicates
    const earlier = keys.map((k) => known.get(k)).filter((id): id is number => typeof id === 'number');
    const skipped = parsed.length - fresh.length - earlier.length;
    if (!fresh.length) return { created: earlier, skipped, failed: 0, errors: [] };

    const media = await storeRowMedia(session.archive, userId, row?.media ?? [], (photo) => storedStem(context.fileKey, `${path}\0${photo}`));
    const originalPath = await session.archive
      .read(path, env().MAX_UPLOAD_BYTES)
      .then((bytes) => keepOriginalBytes(userId, bytes, name, storedStem(context.fileKey, path)))
      .catch(async (error: unknown) => {
        await discardMedia(media.stored);
        throw error;
      });
    try {
      const figured = fresh.map((a) => withManifestFigures(a, row?.figures ?? null));
      const overrides = figured.map(({ activity, figuresFromManifest }) => overridesFor(context, row, strava, activity, figuresFromManifest));
      const inserted = await ingestActivities(
        db,
        userId,
        figured.map((f) => f.activity),
        { source: 'import', originalPath, originalFilename: name, overrides },
        {
          awaitSubscribers: true,
          inTransaction: (tx, rows) => recordMedia(tx, userId, rows.at(-1)!.row.id, media.stored),
        },
      );
      return { created: [...earlier, ...inserted.map((i) => i.row.id)], skipped, failed: 0, errors: media.warnings };
    } catch (error) {
      await Promise.all([removeOriginal(originalPath), discardMedia(media.stored)]);
      throw error;
    }
  } catch (error) {
    return failedItem(path, error);
  }
}

const failedItem = (path: string, error: unknown): ItemOutcome => ({ created: [], skipped: 0, failed: 1, errors: [itemError(path, error)] });

/**
 * spec: a multi-activity .fit with a manifest row keeps only the activity starting at the
 * manifest's time; the others are duplicate listings (a row describes one Strava activity). When
 * none starts exactly then (or the row has no readable date), the nearest start is kept.
 */
function listedActivities(parsed: PreparedActivity[], row: ManifestRow | null): PreparedActivity[] {
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
  if (strava) return `strava:${strava.id}`;
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
