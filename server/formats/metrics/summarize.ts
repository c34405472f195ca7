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
  // One pass fills every column (a 24 h file has 86,400 points; a map per column cost ~14 passes).
  const times: number[] = [];
  const segments: number[] = [];
  const lat: Stream = [];
  const lon: Stream = [];
  const altitude: Stream = [];
  const heartRate: Stream = [];
  const cadence: Stream = [];
  const power: Stream = [];
  const speed: Stream = [];
  const temperature: Stream = [];
  const device: Stream = [];
  let first: Sample | undefined;
  for (const s of samples) {
    const positioned = hasPosition(s);
    if (positioned && first === undefined) first = s;
    times.push(s.time);
    segments.push(s.segment);
    lat.push(positioned ? s.lat : null);
    lon.push(positioned ? s.lon : null);
    altitude.push(s.altitude !== null && s.altitude >= MIN_PLAUSIBLE_ALTITUDE_M ? s.altitude : null);
    heartRate.push(s.heartRate);
    cadence.push(s.cadence);
    power.push(s.power);
    speed.push(s.speed);
    temperature.push(s.temperature);
    device.push(s.distance);
  }

  let distance: Stream | null = null;
  let totalDistance: number | null = null;
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
  const moving = movingTimeParts(times, streams.distance ?? null, speedStream, segments);
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
