import { env } from '@/server/env';
import type { PreparedActivity } from '@/server/services/ingestion/prepare-activity';
import { baseName, type ManifestRow } from '@/server/formats/archive';
import { parseForIngestion } from '../ingestion/parse-for-ingestion';
import type { ItemContext, ItemOutcome } from './item-context';
import { STRIDE_ITEM_PREFIX } from './import-stride-activity';
import { MANUAL_ROW_PREFIX } from './import-manual-row';
import { itemError } from './job-items';
import { knownActivities } from './known-activities';
import { stravaIdOf } from './strava-id';
import { stravaDedupKey } from '../strava/sync/strava-sync-range';

export type StravaId = ReturnType<typeof stravaIdOf>;

// One activity file of an export through the shared ingestion pipeline, with its manifest row:
// name, description, type (the one type table), gear, Strava's figures (manifest-figures.ts), and
// the import record carrying the Strava id. This is the read; store-export-items.ts stores. A
// re-run finds every activity by its dedup key and skips it.

/**
 * An item read and parsed, waiting to be stored; or its outcome already (known, or failed); or an
 * item without a file (an activity of stride.json, a manual entry of activities.csv), imported
 * whole when its turn to be stored comes.
 */
export type ReadItem = { outcome: ItemOutcome } | { strideItem: string } | ReadFile;

export interface ReadFile {
  path: string;
  name: string;
  row: ManifestRow | null;
  strava: StravaId | null;
  parsed: PreparedActivity[];
}

/** An item that names no archive entry: imported from stride.json or activities.csv alone. */
const fileless = (item: string) => item.startsWith(STRIDE_ITEM_PREFIX) || item.startsWith(MANUAL_ROW_PREFIX);

/** The entry's manifest row, if any. */
const rowOf = ({ session }: ItemContext, path: string): ManifestRow | null => session.manifest?.byBaseName.get(baseName(path)) ?? null;

/** The Strava id a manifest row gives its activity, if any. */
const stravaOf = ({ session }: ItemContext, row: ManifestRow | null): StravaId | null => (row?.activityId != null ? stravaIdOf(session, row.activityId) : null);

/**
 * What a batch's entries already are, by the Strava id their manifest rows give, in one statement
 * before any is read: a re-import skips them without parsing.
 */
export function knownBeforeReading(context: ItemContext, paths: readonly string[]): Promise<Map<string, number | null>> {
  const keys = paths.flatMap((path) => {
    const strava = fileless(path) ? null : stravaOf(context, rowOf(context, path));
    return strava ? [stravaDedupKey(strava.id)] : [];
  });
  return keys.length ? knownActivities(context, keys) : Promise.resolve(new Map());
}

/**
 * The first half of an item: the archive entry read and parsed in the worker pool. Only reads, so
 * the batch runs it for the next items while others are stored (the parse is the cost). `known`
 * is knownBeforeReading's answer for the batch.
 */
export async function readExportItem(context: ItemContext, path: string, known: ReadonlyMap<string, number | null>): Promise<ReadItem> {
  const { session } = context;
  const name = baseName(path);
  try {
    if (fileless(path)) return { strideItem: path };
    const row = rowOf(context, path);
    const strava = stravaOf(context, row);
    // a row's Strava id names its activity before the file is even read: a re-import is cheap
    const id = strava ? known.get(stravaDedupKey(strava.id)) : undefined;
    if (id !== undefined)
      return { outcome: id === null ? { created: [], skipped: 1, failed: 0, errors: [] } : { created: [id], skipped: 0, failed: 0, errors: [] } };
    // the bytes are moved to the parse worker, not copied: the store reads the entry again for the
    // original, so no item waiting in the batch holds its file twice (an entry may be MAX_UPLOAD_BYTES)
    const parsed = await parseForIngestion(await session.archive.read(path, env().MAX_UPLOAD_BYTES), name);
    return { path, name, row, strava, parsed };
  } catch (error) {
    return { outcome: failedItem(path, error) };
  }
}

export const failedItem = (path: string, error: unknown): ItemOutcome => ({ created: [], skipped: 0, failed: 1, errors: [itemError(path, error)] });
