import type { Streams } from '../types';
import { MAX_STEP_S, MOVING_SPEED_MPS } from '../metrics/moving-time';

/**
 * What the points say about how the athlete moved, for telling sports apart when the file does
 * not name one. Speeds are measured over windows of at least WINDOW_S, not point to point: at
 * 1 Hz a GPS jitter of a few metres would otherwise read as a sprint. A window that contains a
 * pause (a step over MAX_STEP_S) is dropped, and only windows at MOVING_SPEED_MPS or faster count,
 * like moving time. The distribution is weighted by time, so a 1 Hz file and a smart-recording
 * file of the same ride give the same figures.
 */
export interface MotionProfile {
  /** Seconds covered by moving windows. */
  movingSeconds: number;
  /** Time-weighted median moving speed (m/s), null when nothing moved. */
  medianSpeed: number | null;
  /** Time-weighted 95th percentile of moving speed (m/s): descents, sprints. */
  fastSpeed: number | null;
  /** Metres climbed per km travelled; null without altitude or under MIN_DISTANCE_FOR_ASCENT_M. */
  ascentPerKm: number | null;
  /** Average cadence as recorded (rpm, or strides/steps per minute on foot); null without. */
  cadence: number | null;
  /** True when the points carry an altitude profile (Garmin water profiles write none). */
  hasAltitude: boolean;
}

export const WINDOW_S = 10;
export const MIN_DISTANCE_FOR_ASCENT_M = 500;

export interface MotionInput {
  streams: Streams;
  distance: number | null;
  elevationGain: number | null;
  averageCadence: number | null;
}

export function motionProfile({ streams, distance, elevationGain, averageCadence }: MotionInput): MotionProfile {
  const windows = speedWindows(streams);
  const movingSeconds = windows.reduce((acc, w) => acc + w.seconds, 0);
  const hasAltitude = streams.altitude?.some((v) => v !== null) ?? false;
  return {
    movingSeconds,
    medianSpeed: timeWeightedQuantile(windows, 0.5),
    fastSpeed: timeWeightedQuantile(windows, 0.95),
    ascentPerKm: elevationGain !== null && distance !== null && distance >= MIN_DISTANCE_FOR_ASCENT_M && hasAltitude ? elevationGain / (distance / 1000) : null,
    cadence: averageCadence,
    hasAltitude,
  };
}

interface SpeedWindow {
  speed: number;
  seconds: number;
}

/** Cumulative metres per point: the distance stream, else the device speed integrated over time. */
function cumulativeDistance(streams: Streams): (number | null)[] | null {
  if (streams.distance) return streams.distance;
  const speed = streams.speed;
  if (!speed) return null;
  const out: (number | null)[] = [];
  let total = 0;
  for (let i = 0; i < streams.time.length; i++) {
    const v = speed[i];
    const dt = i > 0 ? streams.time[i]! - streams.time[i - 1]! : 0;
    if (v !== null && v !== undefined && dt > 0 && dt <= MAX_STEP_S) total += v * dt;
    out.push(total);
  }
  return out;
}

/** Consecutive, non-overlapping windows of at least WINDOW_S between points that have a distance. */
function speedWindows(streams: Streams): SpeedWindow[] {
  const distance = cumulativeDistance(streams);
  if (!distance) return [];
  const points: { t: number; d: number }[] = [];
  streams.time.forEach((t, i) => {
    const d = distance[i];
    if (d !== null && d !== undefined && Number.isFinite(d)) points.push({ t, d });
  });
  const windows: SpeedWindow[] = [];
  let start = 0;
  for (let i = 1; i < points.length; i++) {
    const step = points[i]!.t - points[i - 1]!.t;
    if (step > MAX_STEP_S) {
      start = i;
      continue;
    }
    const seconds = points[i]!.t - points[start]!.t;
    if (seconds < WINDOW_S) continue;
    const speed = (points[i]!.d - points[start]!.d) / seconds;
    if (speed >= MOVING_SPEED_MPS) windows.push({ speed, seconds });
    start = i;
  }
  return windows;
}

function timeWeightedQuantile(windows: readonly SpeedWindow[], q: number): number | null {
  if (windows.length === 0) return null;
  const sorted = [...windows].sort((a, b) => a.speed - b.speed);
  const total = sorted.reduce((acc, w) => acc + w.seconds, 0);
  let seen = 0;
  for (const w of sorted) {
    seen += w.seconds;
    if (seen >= q * total) return w.speed;
  }
  return sorted[sorted.length - 1]!.speed;
}
