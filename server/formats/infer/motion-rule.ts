import type { ActivityType } from '../activity-types';
import type { MotionProfile } from './motion-profile';

/**
 * The motion rule: one deterministic table, checked top to bottom (README "Activity files").
 * Speeds are time-weighted over moving 10 s windows (motion-profile.ts). Calibrated on the shared
 * corpus: runs have a 95th percentile of 3.2–5.5 m/s and rides of 6.5–15.8 m/s; the slowest run
 * (an Ironman marathon, median 1.87 m/s) still has a running cadence of 72 strides/min.
 */
export const MOTION_RULE = {
  /** Less moving time than this says nothing (a 45 s test recording). */
  minMovingSeconds: 60,
  /** 95th percentile ≥ 6.0 m/s (21.6 km/h, a 2:47/km pace held for 10 s) with a median of at least a jog: a ride. */
  rideFastSpeed: 6.0,
  /** Median ≥ 4.5 m/s (16.2 km/h, 3:42/km): faster than nearly anyone runs for an hour: a ride. */
  rideMedianSpeed: 4.5,
  /** Median ≥ 2.0 m/s (7.2 km/h) and neither of the above: a run. */
  runMedianSpeed: 2.0,
  /** Median ≥ 1.6 m/s with a running cadence (≥ 70 strides/min): a run with walking breaks. */
  jogMedianSpeed: 1.6,
  runCadence: 70,
  /** Cadences outside this range are not strides per minute (steps/min, strokes, rpm noise). */
  strideCadenceRange: [40, 100] as const,
  /**
   * Slower is on foot, but only when the points have an altitude profile (Garmin's water profiles
   * write none). Climbing at least 40 m per km travelled: a hike; less: a walk.
   */
  hikeAscentPerKm: 40,
} as const;

const strideCadence = (cadence: number | null): number | null => {
  const [low, high] = MOTION_RULE.strideCadenceRange;
  return cadence !== null && cadence >= low && cadence <= high ? cadence : null;
};

/** The sport the movement alone points to, or null when it cannot tell. */
export function sportFromMotion(m: MotionProfile): ActivityType | null {
  const r = MOTION_RULE;
  if (m.movingSeconds < r.minMovingSeconds || m.medianSpeed === null || m.fastSpeed === null) return null;
  if (m.medianSpeed >= r.runMedianSpeed && m.fastSpeed >= r.rideFastSpeed) return 'ride';
  if (m.medianSpeed >= r.rideMedianSpeed) return 'ride';
  if (m.medianSpeed >= r.runMedianSpeed) return 'run';
  const cadence = strideCadence(m.cadence);
  if (m.medianSpeed >= r.jogMedianSpeed && cadence !== null && cadence >= r.runCadence) return 'run';
  // Slow movement without any altitude: a paddle, a swim or a boat as often as a walk.
  if (!m.hasAltitude) return null;
  return m.ascentPerKm !== null && m.ascentPerKm >= r.hikeAscentPerKm ? 'hike' : 'walk';
}
