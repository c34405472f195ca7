import { FALLBACK_ACTIVITY_TYPE, type ActivityType } from './activity-types';
import { inferActivityType } from './infer/infer-activity-type';
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
 * `workout`; then the GPS refinements above, and the time zone that follows from the type.
 */
export function withActivityType(activity: UntypedActivity, declared: ActivityType | null, metrics: PointMetrics): ParsedActivity {
  const chosen = declared ?? inferActivityType(activity)?.type ?? FALLBACK_ACTIVITY_TYPE;
  const activityType = refineActivityType(chosen, metrics.firstPosition !== null);
  return {
    ...activity,
    activityType,
    activityTypeSource: declared ? 'file' : 'inferred',
    timezone: timezoneFor(activityType, metrics),
  };
}

/** Device average speed when it is a real value, else distance over moving (or timer) time. */
export function averageSpeed(device: number | null, distance: number | null, seconds: number | null): number | null {
  if (device !== null && device > 0) return device;
  if (distance !== null && distance > 0 && seconds !== null && seconds > 0) return distance / seconds;
  return null;
}
