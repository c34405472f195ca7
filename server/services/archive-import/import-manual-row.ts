import { MANIFEST_FIGURE_NAMES, type ManifestFigureName } from '@/db/schema';
import { activityTypeFromStrava } from '@/server/formats';
import type { Manifest, ManifestRow } from '@/server/formats/archive';
import { manualActivity } from '../activities/manual-activity';
import { ingestActivities } from '../ingestion/ingest-activities';
import { stravaDedupKey } from '../strava/sync/strava-sync-range';
import type { ItemContext, ItemOutcome } from './item-context';
import { ITEM_CODES } from './job-items';
import { knownActivities } from './known-activities';
import { matchGear } from './match-gear';
import { stravaIdOf } from './strava-id';

// CONTRACT: Real history and hand-made activities: Hand-made activities: "The Strava archive import
// creates a manual activity for each manifest row without a file (Strava's manual entries), with
// the manifest's figures; the job's progress counts them." Each such row is one item of the job,
// named by its row number, found again by its Strava id (or start second) on a second import.

export const MANUAL_ROW_PREFIX = 'activities.csv#';

/** The job's items for the manifest's rows that name no file. */
export function manualRowItems(manifest: Manifest | null): string[] {
  return (manifest?.withoutFile ?? []).map((row) => `${MANUAL_ROW_PREFIX}${row.row}`);
}

const FIGURE_KEYS: Record<ManifestFigureName, keyof ManifestRow['figures']> = {
  total_elapsed_time: 'totalElapsedTime',
  moving_time: 'movingTime',
  distance: 'distance',
  elevation_gain: 'elevationGain',
};

const refused = (item: string, detail: string): ItemOutcome => ({ created: [], skipped: 0, failed: 1, errors: [{ item, code: ITEM_CODES.refused, detail }] });

/** One manual entry of the manifest, as a hand-made activity with its figures. */
export async function importManualRow(context: ItemContext, item: string): Promise<ItemOutcome> {
  const { db, userId, session } = context;
  const number = Number(item.slice(MANUAL_ROW_PREFIX.length));
  const row: ManifestRow | undefined = session.manifest?.withoutFile.find((r) => r.row === number);
  if (!row) return { created: [], skipped: 0, failed: 1, errors: [{ item, code: ITEM_CODES.missing, detail: 'activities.csv no longer has this row.' }] };
  const elapsed = row.figures.totalElapsedTime ?? row.figures.movingTime;
  if (!row.date) return refused(item, `Row ${row.row} of activities.csv has no readable Activity Date.`);
  if (!elapsed) return refused(item, `Row ${row.row} of activities.csv has no Elapsed Time.`);

  const strava = row.activityId != null ? stravaIdOf(session, row.activityId) : null;
  const key = strava ? stravaDedupKey(strava.id) : `import:${Math.floor(row.date.getTime() / 1000)}`;
  const known = (await knownActivities(context, [key])).get(key);
  if (known !== undefined) return known === null ? { created: [], skipped: 1, failed: 0, errors: [] } : { created: [known], skipped: 0, failed: 0, errors: [] };

  const { figures } = row;
  const activity = manualActivity({
    name: row.name,
    activityType: row.type ? activityTypeFromStrava(row.type) : 'workout',
    startTime: row.date,
    timezone: null,
    totalElapsedTime: elapsed,
    movingTime: figures.movingTime,
    distance: figures.distance,
    elevationGain: figures.elevationGain,
  });
  const given = MANIFEST_FIGURE_NAMES.filter((name) => figures[FIGURE_KEYS[name]] !== undefined);
  const importRecord = { initiated_at: context.initiatedAt, label: context.label, provider_activity_id: strava?.id ?? null, figures_from_manifest: given };
  const [inserted] = await ingestActivities(
    db,
    userId,
    [activity],
    {
      source: 'manual',
      overrides: [
        {
          description: row.description,
          gearId: matchGear(row.gear, session.gear),
          importRecord,
          dedupKey: key,
          providerActivityId: strava?.synced ? strava.id : null,
        },
      ],
    },
    { awaitSubscribers: true },
  );
  return { created: [inserted!.row.id], skipped: 0, failed: 0, errors: [] };
}
