import { Figure } from '../../../../_components/figure';
import type { ActivityRecord } from '@/server/services/activities/activity-record';
import type { PublicActivityResponse } from '@/server/services/public-activities/schemas';
import { usesPace } from '../../../../_lib/activity-series';
import { formatDistance, formatDuration, formatElevation, formatPace, formatSpeed, type Units } from '../../../../_lib/units';

const whole = (v: number | null, unit: string) => (v == null ? null : `${Math.round(v)} ${unit}`);

/** The figures an archive's manifest may give, by wire name, as the figure list labels them. */
const MANIFEST_FIGURE_LABELS: Record<string, string> = {
  distance: 'Distance',
  moving_time: 'Moving time',
  total_elapsed_time: 'Elapsed time',
  elevation_gain: 'Elevation gain',
};

/**
 * CONTRACT: Beyond the spec … Imported history: says which figures are Strava's own (from the
 * export's manifest) rather than computed from the file, which Strava's export often thins.
 */
function ManifestFiguresNote({ figures }: { figures: readonly string[] | undefined }) {
  const labels = (figures ?? []).map((name) => MANIFEST_FIGURE_LABELS[name]).filter(Boolean);
  if (!labels.length) return null;
  return (
    <p className="muted small" data-testid="figures-from-manifest">
      {labels.join(', ')}: figures from Strava&apos;s export.
    </p>
  );
}

/**
 * Summary figures in the user's units; figures the activity lacks are left out. The owner's record
 * also says which came from Strava's export; a public record carries no import.
 */
export function ActivityFigures({ activity, units }: { activity: PublicActivityResponse & Partial<Pick<ActivityRecord, 'import'>>; units: Units }) {
  const pace = usesPace(activity.activity_type);
  const figures: [string, string | null][] = [
    ['Distance', activity.distance == null ? null : formatDistance(activity.distance, units)],
    ['Moving time', activity.moving_time == null ? null : formatDuration(activity.moving_time)],
    ['Elapsed time', formatDuration(activity.total_elapsed_time)],
    ['Elevation gain', activity.elevation_gain == null ? null : formatElevation(activity.elevation_gain, units)],
    pace
      ? ['Average pace', activity.average_speed == null ? null : formatPace(activity.average_speed, units)]
      : ['Average speed', activity.average_speed == null ? null : formatSpeed(activity.average_speed, units)],
    ['Max speed', activity.max_speed == null ? null : formatSpeed(activity.max_speed, units)],
    ['Average heart rate', whole(activity.average_hr, 'bpm')],
    ['Max heart rate', whole(activity.max_hr, 'bpm')],
    ['Average power', whole(activity.average_power, 'W')],
    ['Normalized power', whole(activity.normalized_power, 'W')],
    ['Average cadence', whole(activity.average_cadence, pace ? 'spm' : 'rpm')],
    ['Calories', whole(activity.calories, 'kcal')],
  ];
  return (
    <>
      <dl className="figures card" data-testid="figures" style={{ margin: 0 }}>
        {figures
          .filter((f): f is [string, string] => f[1] !== null)
          .map(([label, value]) => (
            <Figure key={label} label={label} value={value} />
          ))}
      </dl>
      <ManifestFiguresNote figures={activity.import?.figures_from_manifest} />
    </>
  );
}
