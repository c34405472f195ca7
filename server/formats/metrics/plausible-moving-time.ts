import { activityFamily, type ActivityType } from '../activity-types';

// CONTRACT: Beyond the spec … Imported history: moving time is never implausible, whatever the
// source (file, archive, Strava sync). The ceilings are the fastest a person keeps up over a
// whole activity in each sport family; an average above 1.2× of it means the moving time is short.

/** m/s a sport's average speed over its moving time never exceeds (families without one: none). */
export const SPORT_SPEED_CEILING_MPS: Partial<Record<string, number>> = { run: 7, foot: 3, ride: 25, swim: 3 };
export const SPORT_CEILING_MARGIN = 1.2;

export interface MovingTimeBounds {
  activityType: ActivityType;
  distance: number | null;
  totalElapsedTime: number | null;
  maxSpeed: number | null;
}

/** The sport's ceiling times the margin, or null for a sport without one. */
export function sportSpeedLimit(activityType: ActivityType): number | null {
  const ceiling = SPORT_SPEED_CEILING_MPS[activityFamily(activityType)];
  return ceiling === undefined ? null : ceiling * SPORT_CEILING_MARGIN;
}

/**
 * The moving time within its bounds: at least the time the distance needs at the stored max speed
 * and at 1.2× the sport's ceiling, at most the elapsed time (which wins where they cross).
 */
export function plausibleMovingTime(moving: number | null, { activityType, distance, totalElapsedTime, maxSpeed }: MovingTimeBounds): number | null {
  if (moving === null) return null;
  let bounded = moving;
  const limit = sportSpeedLimit(activityType);
  if (distance !== null && distance > 0) {
    if (maxSpeed !== null && maxSpeed > 0) bounded = Math.max(bounded, distance / maxSpeed);
    if (limit !== null) bounded = Math.max(bounded, distance / limit);
  }
  if (totalElapsedTime !== null && totalElapsedTime >= 0) bounded = Math.min(bounded, totalElapsedTime);
  return bounded;
}
