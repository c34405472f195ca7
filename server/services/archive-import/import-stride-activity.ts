import type { ParsedActivity } from '@/server/formats';
import { ingestActivities } from '../ingestion/ingest-activities';
import type { ItemContext, ItemOutcome } from './item-context';
import { ITEM_CODES } from './job-items';
import { knownActivities } from './known-activities';
import type { StrideActivity } from './stride-json-schema';
import { storedStem } from './stored-stem';
import { stravaIdOf } from './strava-id';
import { summaryFigures, summaryLaps } from './summary-figures';
import { discardMedia, recordMedia, storeRowMedia } from './store-row-media';
import { stravaDedupKey } from '../strava/sync/strava-sync-range';

// An activity of a Stride export that had neither an original nor streams (a manual entry, or a
// provider activity synced without streams): activities.csv names no file for it, so it comes back
// from stride.json's figures, as one item of the job like a file.

export const STRIDE_ITEM_PREFIX = 'stride.json#';

/** The job's items for stride.json's file-less activities (those with their figures). */
export function strideItems(activities: readonly StrideActivity[]): string[] {
  return activities.filter((a) => !a.filename && a.summary).map((a) => `${STRIDE_ITEM_PREFIX}${a.activity_id}`);
}

function parsedFromSummary(entry: StrideActivity): ParsedActivity {
  return {
    format: 'summary',
    name: entry.name,
    activityType: entry.activity_type,
    activityTypeSource: 'file',
    sportRaw: null,
    startTime: entry.start_time,
    ...summaryFigures(entry.summary!),
    laps: summaryLaps(entry.summary!),
    streams: { time: [] },
  };
}

/** One file-less activity; found again by its dedup key (the export's id) on a second import. */
export async function importStrideActivity(context: ItemContext, item: string): Promise<ItemOutcome> {
  const { db, userId, session } = context;
  const id = Number(item.slice(STRIDE_ITEM_PREFIX.length));
  const entry = session.stride.data?.activities.find((a) => a.activity_id === id && !a.filename && a.summary);
  if (!entry) return { created: [], skipped: 0, failed: 1, errors: [{ item, code: ITEM_CODES.missing, detail: 'stride.json no longer lists this activity.' }] };
  const strava = stravaIdOf(session, id);
  const key = stravaDedupKey(strava.id);
  const known = (await knownActivities(context, [key])).get(key);
  if (known !== undefined) return known === null ? { created: [], skipped: 1, failed: 0, errors: [] } : { created: [known], skipped: 0, failed: 0, errors: [] };

  const media = await storeRowMedia(session.archive, userId, entry.photos, (photo) => storedStem(context.fileKey, `${item}\0${photo}`));
  try {
    const importRecord = { initiated_at: context.initiatedAt, label: context.label, provider_activity_id: strava.id, figures_from_manifest: [] };
    const overrides = [
      {
        description: entry.description,
        activityType: entry.activity_type,
        activityTypeSource: entry.activity_type_source,
        importRecord,
        dedupKey: key,
        providerActivityId: strava.synced ? strava.id : null,
      },
    ];
    const [inserted] = await ingestActivities(
      db,
      userId,
      [parsedFromSummary(entry)],
      { source: 'import', overrides },
      {
        awaitSubscribers: true,
        inTransaction: (tx, rows) => recordMedia(tx, userId, rows[0]!.row.id, media.stored),
      },
    );
    return { created: [inserted!.row.id], skipped: 0, failed: 0, errors: media.warnings };
  } catch (error) {
    await discardMedia(media.stored);
    throw error;
  }
}
