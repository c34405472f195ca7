import { FALLBACK_ACTIVITY_TYPE, type ActivityType } from './activity-types';
import { inferActivityType } from './infer/infer-activity-type';
import { plausibleMovingTime } from './metrics/plausible-moving-time';
import { paceFromSpeed } from './metrics/stats';
import type { PointMetrics } from './metrics/summarize';
import { timezoneAt } from './timezone';
import type { ParsedActivity } from './types';

/**
 * Corrections the sport label alone cannot make:
 *  - an "indoor" ride or treadmill run that carries a GPS track is a virtual activity (Zwift
 *    writes cycling/indoor_cycling with positions in its virtual world);
 *  - a ride without a single position is an indoor ride (trainer, rollers, spin bike).
 * Runs without GPS stay runs: foot pods record outdoor runs without positions.
 */
export function refineActivityType(type: ActivityType, hasGps: boolean): ActivityType {
  if (hasGps && type === 'indoor_ride') return 'virtual_ride';
  if (hasGps && type === 'treadmill') return 'virtual_run';
  if (!hasGps && type === 'ride') return 'indoor_ride';
  return type;
}

export const isVirtual = (type: ActivityType): boolean => type === 'virtual_ride' || type === 'virtual_run';

/**
 * Time zone of the first real position. A virtual activity's positions are in a game world
 * (Zwift's Watopia maps onto the Solomon Islands), so they say nothing about where the athlete
 * is: no zone rather than a wrong one.
 */
export function timezoneFor(type: ActivityType, metrics: PointMetrics): string | null {
  return isVirtual(type) ? null : timezoneAt(metrics.firstPosition);
}

export { paceFromSpeed };

/** A parsed activity before its type is settled; the type decides the time zone. */
export type UntypedActivity = Omit<ParsedActivity, 'activityType' | 'activityTypeSource' | 'timezone'>;

/**
 * The type the file declares, else the inferred one (`infer/`: name → creator → motion), else
 * `workout`; then the GPS refinements above, the time zone that follows from the type, and the
 * moving time within the type's plausible bounds (withPlausibleMovingTime).
 */
export function withActivityType(activity: UntypedActivity, declared: ActivityType | null, metrics: PointMetrics): ParsedActivity {
  const chosen = declared ?? inferActivityType(activity)?.type ?? FALLBACK_ACTIVITY_TYPE;
  const activityType = refineActivityType(chosen, metrics.firstPosition !== null);
  return withPlausibleMovingTime(
    {
      ...activity,
      activityType,
      activityTypeSource: declared ? 'file' : 'inferred',
      timezone: timezoneFor(activityType, metrics),
      movingTime: withGaps(activity, metrics),
    },
    activity.movingTime,
  );
}

/**
 * The moving time with the gaps' share (metrics/moving-time.ts) where no device timer tells the
 * pauses: a GPX, a TCX without lap times. With a timer the parser's moving time stands.
 */
function withGaps(activity: UntypedActivity, metrics: PointMetrics): number | null {
  if (activity.totalTimerTime !== null || metrics.gapMovingTime === null) return activity.movingTime;
  return (activity.movingTime ?? 0) + metrics.gapMovingTime;
}

/**
 * CONTRACT: Beyond the spec … Imported history: the moving time bounded by the elapsed time, the
 * max speed and the sport's ceiling (metrics/plausible-moving-time.ts), for files and Strava sync
 * alike. An average speed the parser derived from its own moving time (`derivedFrom`: distance over
 * it), or none at all, follows the final moving time, with its pace; a device's or provider's
 * average stands.
 */
export function withPlausibleMovingTime<A extends ParsedActivity>(activity: A, derivedFrom: number | null = null): A {
  const movingTime = plausibleMovingTime(activity.movingTime, activity);
  const derived = averageSpeed(null, activity.distance, derivedFrom);
  const followsMoving = activity.averageSpeed === null || (derived !== null && Math.abs(activity.averageSpeed - derived) <= 1e-9 * derived);
  if (!followsMoving) return movingTime === activity.movingTime ? activity : { ...activity, movingTime };
  const speed = averageSpeed(null, activity.distance, movingTime);
  return { ...activity, movingTime, averageSpeed: speed, averagePace: paceFromSpeed(speed) };
}

/** Device average speed when it is a real value, else distance over moving (or timer) time. */
export function averageSpeed(device: number | null, distance: number | null, seconds: number | null): number | null {
  if (device !== null && device > 0) return device;
  if (distance !== null && distance > 0 && seconds !== null && seconds > 0) return distance / seconds;
  return null;
}

/**
 * Text from a file cut to `max` characters (names ≤ 255, device strings ≤ 100: limits.ts), blank
 * → null. A cut never splits a surrogate pair. Long names are shortened, not refused.
 */
export function clampText(value: string | null, max: number): string | null {
  if (value === null) return null;
  let cut = value.length > max ? value.slice(0, max) : value;
  if (cut.length === max && /[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trim() || null;
}
