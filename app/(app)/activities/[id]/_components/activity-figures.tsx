'use client';
import { useTranslations } from 'next-intl';
import { Figure } from '../../../../_components/figure';
import type { ActivityRecord } from '@/server/services/activities/activity-record';
import type { PublicActivityResponse } from '@/server/services/public-activities/schemas';
import { usesPace } from '../../../../_lib/activity-series';
import { cadenceDisplay, isSwim, swimPaceLabel, swimPaceNumber, swolf } from '../../../../_lib/sport-display';
import type { Units } from '../../../../_lib/units';
import { useLocaleFormats } from '../../../../_lib/use-formats';

/** The figures an archive's manifest may give, by wire name, with the catalogue key the figure list labels them with. */
const MANIFEST_FIGURES = { distance: 'distance', moving_time: 'movingTime', total_elapsed_time: 'elapsedTime', elevation_gain: 'elevationGain' } as const;
const isManifestFigure = (name: string): name is keyof typeof MANIFEST_FIGURES => Object.hasOwn(MANIFEST_FIGURES, name);

/**
 * CONTRACT: Beyond the spec … Imported history: says which figures are Strava's own (from the
 * export's manifest) rather than computed from the file, which Strava's export often thins.
 */
function ManifestFiguresNote({ figures }: { figures: readonly string[] | undefined }) {
  const t = useTranslations('activity.figures');
  const labels = (figures ?? []).filter(isManifestFigure).map((name) => t(MANIFEST_FIGURES[name]));
  if (!labels.length) return null;
  return (
    <p className="muted small" data-testid="figures-from-manifest">
      {t('fromManifest', { figures: labels.join(', ') })}
    </p>
  );
}

/**
 * Summary figures in the user's units and language; figures the activity lacks are left out. The
 * owner's record also says which came from Strava's export; a public record carries no import.
 */
export function ActivityFigures({ activity, units }: { activity: PublicActivityResponse & Partial<Pick<ActivityRecord, 'import'>>; units: Units }) {
  const t = useTranslations('activity.figures');
  const f = useLocaleFormats(units, null);
  const whole = (v: number | null, unit: string) => (v == null ? null : `${f.number(Math.round(v))} ${unit}`);
  const wholeNumber = (v: number | null) => (v == null ? null : f.number(Math.round(v)));
  const pace = usesPace(activity.activity_type);
  const cadence = cadenceDisplay(activity.activity_type);
  const swimPace = (mps: number | null) => (mps == null ? null : `${swimPaceNumber(mps, units)} ${swimPaceLabel(units)}`);
  const figures: [string, string | null][] = [
    [t('distance'), activity.distance == null ? null : f.distance(activity.distance)],
    [t('movingTime'), activity.moving_time == null ? null : f.duration(activity.moving_time)],
    [t('elapsedTime'), f.duration(activity.total_elapsed_time)],
    [t('elevationGain'), activity.elevation_gain == null ? null : f.elevation(activity.elevation_gain)],
    isSwim(activity.activity_type)
      ? [t('averagePace'), swimPace(activity.average_speed)]
      : pace
        ? [t('averagePace'), activity.average_speed == null ? null : f.pace(activity.average_speed)]
        : [t('averageSpeed'), activity.average_speed == null ? null : f.speed(activity.average_speed)],
    [t('maxSpeed'), activity.max_speed == null ? null : f.speed(activity.max_speed)],
    [t('averageHeartRate'), whole(activity.average_hr, 'bpm')],
    [t('maxHeartRate'), whole(activity.max_hr, 'bpm')],
    [t('averagePower'), whole(activity.average_power, 'W')],
    [t('normalizedPower'), whole(activity.normalized_power, 'W')],
    [t('averageCadence'), whole(activity.average_cadence == null ? null : cadence.value(activity.average_cadence), cadence.unit)],
    [t('swolf'), wholeNumber(swolf(activity.moving_time, activity.total_strokes, activity.distance, activity.pool_length))],
    [t('strokes'), wholeNumber(activity.total_strokes)],
    [t('poolLength'), activity.pool_length == null ? null : `${f.number(activity.pool_length)} m`],
    [t('calories'), whole(activity.calories, 'kcal')],
  ];
  return (
    <>
      <dl className="figures card" data-testid="figures" style={{ margin: 0 }}>
        {figures
          .filter((figure): figure is [string, string] => figure[1] !== null)
          .map(([label, value]) => (
            <Figure key={label} label={label} value={value} />
          ))}
      </dl>
      <ManifestFiguresNote figures={activity.import?.figures_from_manifest} />
    </>
  );
}
