import type { Streams, Stream } from '../types';
import { cumulativeGpsDistance } from './haversine';
import { elevationGainLoss, MIN_PLAUSIBLE_ALTITUDE_M, smoothedAlongTrack } from './elevation';
import { maxSpeedFromDistance, movingTimeParts } from './moving-time';
import { normalizedPower } from './normalized-power';
import type { SampleColumns } from './sample-columns';
import { sizedArray } from './sized-array';
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
  /** each point's segment (GPX track/segment): finalize.ts recomputes moving time without a glitch's distance */
  segments: ArrayLike<number>;
}

/** Extremes by loop: spreading a 2-million-point array into Math.max would overflow the stack. */
function extreme(values: ArrayLike<number | null>, pick: (a: number, b: number) => number): number | null {
  let best: number | null = null;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v !== null && Number.isFinite(v)) best = best === null ? v : pick(best, v);
  }
  return best;
}

/**
 * A column as a stream, values below `min` dropped (null like the absent ones); null when no point
 * keeps a value, so a channel the file never recorded costs no array. Columns hold finite numbers
 * or NaN (none), and NaN fails every comparison.
 */
function streamOf(column: Float64Array, length: number, min = -Infinity): Stream | null {
  let first = 0;
  while (first < length && !(column[first]! >= min)) first++;
  if (first === length) return null;
  const stream = sizedArray<number | null>(length);
  for (let i = 0; i < first; i++) stream[i] = null;
  for (let i = first; i < length; i++) {
    const v = column[i]!;
    stream[i] = v >= min ? v : null;
  }
  return stream;
}

/** The lat and lon streams, null at the points without a real position; null when no point has one. */
function positionStreams(points: SampleColumns, length: number): { lat: Stream; lon: Stream; first: number } | null {
  let first = 0;
  while (first < length && !points.hasPosition(first)) first++;
  if (first === length) return null;
  const lat = sizedArray<number | null>(length);
  const lon = sizedArray<number | null>(length);
  for (let i = 0; i < first; i++) {
    lat[i] = null;
    lon[i] = null;
  }
  for (let i = first; i < length; i++) {
    const positioned = points.hasPosition(i);
    lat[i] = positioned ? points.lat[i]! : null;
    lon[i] = positioned ? points.lon[i]! : null;
  }
  return { lat, lon, first };
}

/**
 * Streams and computed metrics for one activity's points, in recording order. Device distance
 * (FIT record / TCX DistanceMeters) wins over haversine; with `rebaseDistance` it is rebased to
 * 0 at the first point, so a later multisport session's stream starts at 0.
 */
export function summarizeSamples(points: SampleColumns, startMs: number, options: { rebaseDistance?: boolean } = {}): PointMetrics {
  const n = points.length;
  const times = points.time.subarray(0, n);
  const segments = points.segment.subarray(0, n);
  const positions = positionStreams(points, n);
  const altitude = streamOf(points.altitude, n, MIN_PLAUSIBLE_ALTITUDE_M);
  const heartRate = streamOf(points.heartRate, n);
  const cadence = streamOf(points.cadence, n);
  const power = streamOf(points.power, n);
  const speed = streamOf(points.speed, n);
  const temperature = streamOf(points.temperature, n);
  const device = streamOf(points.distance, n);

  let distance: Stream | null = null;
  let totalDistance: number | null = null;
  const firstDevice = device?.find((v) => v !== null);
  if (device && firstDevice !== undefined && firstDevice !== null) {
    // Only a later session of a multisport file starts mid-way through the file's distance.
    // rebased in place: the array is this function's own (streamOf), and a copy is garbage a point
    const offset = options.rebaseDistance ? firstDevice : 0;
    if (offset !== 0) for (let i = 0; i < n; i++) if (device[i] !== null) device[i] = device[i]! - offset;
    distance = device;
    totalDistance = Math.max(0, distance.findLast((v) => v !== null) ?? 0);
  } else {
    const gps = cumulativeGpsDistance(points);
    if (gps) {
      distance = gps.cumulative;
      totalDistance = gps.total;
    }
  }

  const time = sizedArray<number>(n);
  for (let i = 0; i < n; i++) time[i] = (times[i]! - startMs) / 1000;
  const streams: Streams = { time };
  const optional: [keyof Omit<Streams, 'time'>, Stream | null][] = [
    ['lat', positions?.lat ?? null],
    ['lon', positions?.lon ?? null],
    ['distance', distance],
    ['altitude', altitude],
    ['heart_rate', heartRate],
    ['cadence', cadence],
    ['power', power],
    ['speed', speed],
    ['temperature', temperature],
  ];
  // streamOf gave null for a column without a value; a GPS distance always has one
  for (const [key, stream] of optional) if (stream) streams[key] = stream;

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
    elevation: altitude ? elevationGainLoss(distance ? smoothedAlongTrack(altitude, distance, segments) : altitude) : null,
    heartRate: heartRateStats(heartRate ?? []),
    cadence: cadenceStats(cadence ?? []),
    power: powerStats(power ?? []),
    normalizedPower: power ? normalizedPower(times, power) : null,
    maxSpeed: maxDeviceSpeed !== null && maxDeviceSpeed > 0 ? maxDeviceSpeed : distance ? maxSpeedFromDistance(times, distance) : null,
    firstPosition: positions ? { lat: points.lat[positions.first]!, lon: points.lon[positions.first]! } : null,
    segments,
  };
}
