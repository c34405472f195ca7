import type { ManifestFigureName } from '@/db/schema';
import type { ManifestFigures } from '@/server/formats/archive';
import type { PreparedActivity } from '@/server/services/ingestion/prepare-activity';

// CONTRACT: Beyond the spec … Imported history: an activity whose manifest row gives Elapsed Time,
// Moving Time, Distance or Elevation Gain shows Strava's value for that figure; streams, laps and
// every other figure come from the file. The import record lists the figures by their wire names.

const WIRE_NAMES: Record<keyof ManifestFigures, ManifestFigureName> = {
  totalElapsedTime: 'total_elapsed_time',
  movingTime: 'moving_time',
  distance: 'distance',
  elevationGain: 'elevation_gain',
};

export interface WithManifestFigures {
  activity: PreparedActivity;
  /** `import.figures_from_manifest` */
  figuresFromManifest: ManifestFigureName[];
}

/**
 * The file's activity with the manifest's figures in place. The end time follows Strava's elapsed
 * time (it is the start plus that time); a moving time longer than the elapsed time never stands.
 */
export function withManifestFigures(activity: PreparedActivity, figures: ManifestFigures | null): WithManifestFigures {
  const given = (Object.keys(WIRE_NAMES) as (keyof ManifestFigures)[]).filter((key) => figures?.[key] !== undefined);
  if (!figures || !given.length) return { activity, figuresFromManifest: [] };
  const merged: PreparedActivity = { ...activity, ...Object.fromEntries(given.map((key) => [key, figures[key]])) };
  if (figures.totalElapsedTime !== undefined) merged.endTime = new Date(activity.startTime.getTime() + figures.totalElapsedTime * 1000);
  if (merged.movingTime !== null && merged.movingTime > merged.totalElapsedTime) merged.movingTime = merged.totalElapsedTime;
  return { activity: merged, figuresFromManifest: given.map((key) => WIRE_NAMES[key]) };
}
