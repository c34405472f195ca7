import type { Streams, Stream } from '../types';
import { cumulativeGpsDistance } from './haversine';
import { elevationGainLoss, MIN_PLAUSIBLE_ALTITUDE_M } from './elevation';
import { maxSpeedFromDistance, movingTimeParts } from './moving-time';
import { normalizedPower } from './normalized-power';
import { hasPosition, type Sample } from './sample';
import { cadenceStats, heartRateStats, powerStats, type AvgMax } from './stats';

/** Everything the points alone can tell; readers merge it with the device's own totals. */
export interface PointMetrics {
  streams: Streams;
  firstTime: number | null;
  lastTime: number | null;
  distance: number | null;
  /** over the intervals up to the stop threshold (metrics/moving-time.ts) */
  movingTime: number | null;
  /** what the longer gaps count as moving; finalize.ts adds it where no device timer exists */
  gapMovingTime: number | null;
  elevation: { gain: number; loss: number } | null;
  heartRate: AvgMax;
  cadence: AvgMax;
  power: AvgMax;
  normalizedPower: number | null;
  maxSpeed: number | null;
  firstPosition: { lat: number; lon: number } | null;
}

const column = (samples: readonly Sample[], pick: (s: Sample) => number | null): Stream => samples.map(pick);
const anyValue = (stream: Stream): boolean => stream.some((v) => v !== null);

/** Extremes by loop: spreading a 2-million-point array into Math.max would overflow the stack. */
function extreme(values: readonly (number | null)[], pick: (a: number, b: number) => number): number | null {
  let best: number | null = null;
  for (const v of values) if (v !== null && Number.isFinite(v)) best = best === null ? v : pick(best, v);
  return best;
}

/**
 * Streams and computed metrics for one activity's points, in recording order. Device distance
 * (FIT record / TCX DistanceMeters) wins over haversine; with `rebaseDistance` it is rebased to
 * 0 at the first point, so a later multisport session's stream starts at 0.
 */
export function summarizeSamples(samples: readonly Sample[], startMs: number, options: { rebaseDistance?: boolean } = {}): PointMetrics {
  const times = samples.map((s) => s.time);
  const positioned = samples.map((s) => hasPosition(s));
  const lat = samples.map((s, i) => (positioned[i] ? s.lat : null));
  const lon = samples.map((s, i) => (positioned[i] ? s.lon : null));
  const altitude = column(samples, (s) => (s.altitude !== null && s.altitude >= MIN_PLAUSIBLE_ALTITUDE_M ? s.altitude : null));
  const heartRate = column(samples, (s) => s.heartRate);
  const cadence = column(samples, (s) => s.cadence);
  const power = column(samples, (s) => s.power);
  const speed = column(samples, (s) => s.speed);
  const temperature = column(samples, (s) => s.temperature);

  let distance: Stream | null = null;
  let totalDistance: number | null = null;
  const device = column(samples, (s) => s.distance);
  const firstDevice = device.find((v) => v !== null);
  if (firstDevice !== undefined && firstDevice !== null) {
    // Only a later session of a multisport file starts mid-way through the file's distance.
    const offset = options.rebaseDistance ? firstDevice : 0;
    distance = device.map((v) => (v === null ? null : v - offset));
    totalDistance = Math.max(0, distance.findLast((v) => v !== null) ?? 0);
  } else {
    const gps = cumulativeGpsDistance(samples);
    if (gps) {
      distance = gps.cumulative;
      totalDistance = gps.total;
    }
  }

  const streams: Streams = { time: times.map((t) => (t - startMs) / 1000) };
  const optional: [keyof Omit<Streams, 'time'>, Stream | null][] = [
    ['lat', lat],
    ['lon', lon],
    ['distance', distance],
    ['altitude', altitude],
    ['heart_rate', heartRate],
    ['cadence', cadence],
    ['power', power],
    ['speed', speed],
    ['temperature', temperature],
  ];
  for (const [key, stream] of optional) if (stream && anyValue(stream)) streams[key] = stream;

  const speedStream = streams.speed ?? null;
  const maxDeviceSpeed = speedStream ? extreme(speedStream, Math.max) : null;
  const first = samples.find((s) => hasPosition(s));
  const moving = movingTimeParts(
    times,
    streams.distance ?? null,
    speedStream,
    samples.map((s) => s.segment),
  );
  return {
    streams,
    firstTime: extreme(times, Math.min),
    lastTime: extreme(times, Math.max),
    distance: totalDistance,
    movingTime: moving.steps,
    gapMovingTime: moving.gaps,
    elevation: elevationGainLoss(altitude),
    heartRate: heartRateStats(heartRate),
    cadence: cadenceStats(cadence),
    power: powerStats(power),
    normalizedPower: streams.power ? normalizedPower(times, power) : null,
    maxSpeed: maxDeviceSpeed !== null && maxDeviceSpeed > 0 ? maxDeviceSpeed : distance ? maxSpeedFromDistance(times, distance) : null,
    firstPosition: first ? { lat: first.lat!, lon: first.lon! } : null,
  };
}
