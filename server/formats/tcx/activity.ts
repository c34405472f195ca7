import type { ParsedActivity, ParsedLap } from '../types';
import { declaredActivityType } from '../activity-types';
import { averageSpeed, paceFromSpeed, withActivityType } from '../finalize';
import { emptySample, type Sample } from '../metrics/sample';
import { summarizeSamples } from '../metrics/summarize';
import { readExtensions } from '../xml/extensions';
import { asNode, children, num, text, time, type XmlNode } from '../xml/nodes';
import { lapFromTcx, lapStartMs } from './laps';

function sampleOf(tp: XmlNode, ms: number, segment: number): Sample {
  const s = emptySample(ms, segment);
  const position = asNode(tp.Position);
  s.lat = num(position?.LatitudeDegrees);
  s.lon = num(position?.LongitudeDegrees);
  s.altitude = num(tp.AltitudeMeters);
  s.distance = num(tp.DistanceMeters);
  s.heartRate = num(asNode(tp.HeartRateBpm)?.Value);
  s.cadence = num(tp.Cadence);
  readExtensions(tp.Extensions, s);
  return s;
}

const sum = (values: (number | null)[]): number | null => (values.some((v) => v !== null) ? values.reduce<number>((acc, v) => acc + (v ?? 0), 0) : null);

/**
 * One TCX <Activity>. Device totals are the laps' (CONTRACT: start = the first lap's StartTime;
 * timer = sum of TotalTimeSeconds; distance = sum of DistanceMeters; calories summed). TCX has
 * no activity-level averages, so heart rate, power and cadence (average and maximum, from the
 * same source so that average ≤ maximum) come from the trackpoints that carry them, and from
 * the laps only when no trackpoint does. Polar Beat writes a lap claiming max 139 bpm over 13
 * trackpoints of 86–88 bpm: we show the trackpoints.
 */
export function activityFromTcx(activity: XmlNode): ParsedActivity | null {
  const laps = children(activity, 'Lap');
  const samples: Sample[] = [];
  const parsedLaps: ParsedLap[] = [];
  let segment = 0;
  for (const lap of laps) {
    const before = samples.length;
    for (const track of children(lap, 'Track')) {
      segment++;
      for (const tp of children(track, 'Trackpoint')) {
        const ms = time(tp.Time);
        if (ms !== null) samples.push(sampleOf(tp, ms, segment));
      }
    }
    const start = lapStartMs(lap) ?? samples[before]?.time ?? null;
    if (start !== null) parsedLaps.push(lapFromTcx(lap, start, samples.length > before ? samples[samples.length - 1]!.time : null));
  }
  const firstPoint = samples[0]?.time ?? null;
  const startMs = parsedLaps[0]?.startTime.getTime() ?? firstPoint ?? time(activity.Id);
  if (startMs === null) return null;
  if (samples.length === 0 && parsedLaps.every((l) => l.totalTimerTime === null)) return null;

  const metrics = summarizeSamples(samples, startMs);
  // The last trackpoint ends the activity; a summary-only file (laps, no points) ends with its
  // last lap's timer. Lap timers are not added on top of points: they exclude pauses.
  const lastLap = parsedLaps[parsedLaps.length - 1];
  const endMs = metrics.lastTime ?? (lastLap ? lastLap.startTime.getTime() + (lastLap.totalTimerTime ?? 0) * 1000 : startMs);
  const timer = sum(parsedLaps.map((l) => l.totalTimerTime));
  const distance = sum(laps.map((l) => num(l.DistanceMeters))) ?? metrics.distance;
  const sport = text(activity['@Sport']);
  const speed = averageSpeed(null, distance, timer ?? metrics.movingTime);
  const lapMax = (pick: (l: ParsedLap) => number | null) => maxOrNull(parsedLaps.map(pick));
  let moving = metrics.movingTime ?? timer;
  if (moving !== null && timer !== null && moving > timer) moving = timer;
  const creator = asNode(activity.Creator);
  const model = text(creator?.Name);

  return withActivityType(
    {
      format: 'tcx',
      name: null,
      sportRaw: sport,
      startTime: new Date(startMs),
      endTime: new Date(endMs),
      distance,
      totalElapsedTime: Math.max(0, (endMs - startMs) / 1000),
      totalTimerTime: timer,
      movingTime: moving,
      elevationGain: metrics.elevation?.gain ?? null,
      elevationLoss: metrics.elevation?.loss ?? null,
      averageSpeed: speed,
      maxSpeed: lapMax((l) => l.maxSpeed) ?? metrics.maxSpeed,
      averagePace: paceFromSpeed(speed),
      averageHr: metrics.heartRate.average ?? timeWeighted(parsedLaps, (l) => l.averageHr),
      maxHr: metrics.heartRate.max ?? lapMax((l) => l.maxHr),
      averagePower: metrics.power.average ?? timeWeighted(parsedLaps, (l) => l.averagePower),
      maxPower: metrics.power.max ?? lapMax((l) => l.maxPower),
      normalizedPower: metrics.normalizedPower,
      averageCadence: metrics.cadence.average ?? timeWeighted(parsedLaps, (l) => l.averageCadence),
      maxCadence: metrics.cadence.max ?? lapMax((l) => l.maxCadence),
      calories: sum(laps.map((l) => num(l.Calories))),
      deviceManufacturer: manufacturerOf(model),
      deviceModel: model,
      startLat: metrics.firstPosition?.lat ?? null,
      startLon: metrics.firstPosition?.lon ?? null,
      laps: parsedLaps,
      streams: metrics.streams,
    },
    declaredActivityType(sport),
    metrics,
  );
}

function maxOrNull(values: (number | null)[]): number | null {
  let best: number | null = null;
  for (const v of values) if (v !== null && (best === null || v > best)) best = v;
  return best;
}

function timeWeighted(laps: ParsedLap[], pick: (l: ParsedLap) => number | null): number | null {
  let total = 0;
  let weight = 0;
  for (const lap of laps) {
    const v = pick(lap);
    if (v !== null && lap.totalTimerTime) {
      total += v * lap.totalTimerTime;
      weight += lap.totalTimerTime;
    }
  }
  return weight > 0 ? total / weight : null;
}

/** TCX names the device ("Forerunner 305") but not its maker; the format is Garmin's. */
const BRANDS: [RegExp, string][] = [
  [/^(garmin|forerunner|edge|fenix|f[eē]nix|vivoactive|venu|instinct|epix|approach|oregon|etrex)\b/i, 'Garmin'],
  [/^polar\b/i, 'Polar'],
  [/^suunto\b/i, 'Suunto'],
  [/^wahoo\b/i, 'Wahoo'],
  [/^coros\b/i, 'COROS'],
];

function manufacturerOf(model: string | null): string | null {
  if (!model) return null;
  return BRANDS.find(([pattern]) => pattern.test(model))?.[1] ?? null;
}
