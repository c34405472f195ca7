import { activityFamily, FALLBACK_ACTIVITY_TYPE, type ActivityType } from './activity-types';
import { inferActivityType } from './infer/infer-activity-type';
import { countGlitches, glitchCeiling, glitchSteps, lapsWithoutGlitches, withoutGlitchDistance } from './metrics/glitches';
import { maxSpeedFromDistance, movingTimeParts } from './metrics/moving-time';
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
  const track = withoutGlitches(withoutIndoorClimb(activity, activityType), metrics, activityType);
  return withPlausibleMovingTime(
    {
      ...track.activity,
      activityType,
      activityTypeSource: declared ? 'file' : 'inferred',
      timezone: timezoneFor(activityType, metrics),
      movingTime: runTimer(activityType, track.activity, withoutPositions(track.activity, withGaps(track.activity, track.metrics))),
    },
    activity.movingTime,
  );
}

/**
 * CONTRACT: Real history and hand-made activities: glitches (metrics/glitches.ts), steps faster
 * than the type's ceiling, are taken out of the distance stream (it stands still across them), so
 * best efforts, laps read from it and the max speed never span one, and the moving time is
 * recomputed without them. The activity's total distance stays the device's or the whole track's
 * (docs/decisions.md "Glitches": Strava and the corpus oracle both keep it; per-step jitter above
 * the ceiling on 2–5 s phone tracks would otherwise cost real distance). A virtual activity's
 * positions are a game world's and are not checked. The max speed is the track's own, sustained over MAX_SPEED_WINDOW_S on the
 * glitch-free distance (a device's session maximum is one spike of its speed sensor or GPS: hikes
 * show 5–8 m/s); without a distance stream the device's stands when it is under the ceiling.
 */
function withoutGlitches(activity: UntypedActivity, metrics: PointMetrics, type: ActivityType): { activity: UntypedActivity; metrics: PointMetrics } {
  const { streams } = activity;
  const ceiling = glitchCeiling(type);
  const deviceMax = activity.maxSpeed !== null && activity.maxSpeed <= ceiling ? activity.maxSpeed : null;
  if (!streams.distance || isVirtual(type)) return { activity: deviceMax === activity.maxSpeed ? activity : { ...activity, maxSpeed: deviceMax }, metrics };
  const flags = glitchSteps(streams.time, { lat: streams.lat, lon: streams.lon, distance: streams.distance, segments: metrics.segments }, ceiling);
  const ms = streams.time.map((t) => t * 1000);
  let distanceStream = streams.distance;
  let out = activity;
  let outMetrics = metrics;
  if (countGlitches(flags) > 0) {
    const cleaned = withoutGlitchDistance(streams.distance, flags);
    distanceStream = cleaned.distance;
    const parts = movingTimeParts(ms, distanceStream, null, metrics.segments);
    const timer = activity.totalTimerTime;
    let moving = parts.steps ?? timer;
    if (moving !== null && timer !== null && moving > timer) moving = timer;
    out = {
      ...activity,
      movingTime: moving,
      laps: lapsWithoutGlitches(activity.laps, activity.startTime, streams.time, streams.distance, distanceStream, ceiling),
      streams: { ...streams, distance: distanceStream },
    };
    outMetrics = { ...metrics, movingTime: parts.steps, gapMovingTime: parts.gaps };
  }
  const trackMax = maxSpeedFromDistance(ms, distanceStream);
  return { activity: { ...out, maxSpeed: trackMax !== null && trackMax > 0 ? Math.min(trackMax, ceiling) : deviceMax }, metrics: outMetrics };
}

const INDOOR: ReadonlySet<ActivityType> = new Set(['treadmill', 'indoor_ride', 'virtual_ride', 'virtual_run']);

/**
 * CONTRACT: treadmill, indoor and virtual activities without a position stream get no elevation
 * gain from altitude noise: a barometer on a treadmill records the room's pressure drifting, and
 * whatever the device or the points summed from it is 0 climbed.
 */
function withoutIndoorClimb(activity: UntypedActivity, type: ActivityType): UntypedActivity {
  if (activity.streams.lat || !INDOOR.has(type) || (!activity.elevationGain && !activity.elevationLoss)) return activity;
  return { ...activity, elevationGain: activity.elevationGain === null ? null : 0, elevationLoss: activity.elevationLoss === null ? null : 0 };
}

/**
 * A run's moving time is its device's timer when it has one: the watch stopped the timer for
 * every pause the runner made (auto-pause or the button), and a runner standing at a crossing or
 * doing drills with the timer running is still in the run. Strava does the same for runs: on the
 * 54 FIT runs of the real history its moving time is the timer within 1 s on 44 and within 3 %
 * on all but one, while the speed rule missed a run whose watch lost GPS for half an hour of
 * drills (docs/decisions.md "Moving time"). Other families (rides, hikes, ski days) keep the
 * speed rule: their timers run through café stops and lift queues that Strava takes out.
 */
function runTimer(type: ActivityType, activity: UntypedActivity, moving: number | null): number | null {
  const timer = activity.totalTimerTime;
  if (activityFamily(type) !== 'run' || timer === null || !(timer > 0)) return moving;
  return activity.totalElapsedTime !== null && activity.totalElapsedTime < timer ? activity.totalElapsedTime : timer;
}

/**
 * CONTRACT: an activity with no position stream and a device timer gets the timer as its moving
 * time; where its laps carry distances (a pool swim's lengths, a treadmill's laps), a lap that
 * covered none is a rest, so the moving time is the timer of the laps that covered distance.
 */
function withoutPositions(activity: UntypedActivity, moving: number | null): number | null {
  const timer = activity.totalTimerTime;
  if (activity.streams.lat || timer === null) return moving;
  const covering = activity.laps.filter((lap) => (lap.distance ?? 0) > 0);
  if (!covering.length || covering.some((lap) => lap.totalTimerTime === null)) return timer;
  return Math.min(
    timer,
    covering.reduce((sum, lap) => sum + lap.totalTimerTime!, 0),
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
