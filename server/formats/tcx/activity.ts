import type { ParsedActivity, ParsedLap } from '../types';
import { declaredActivityType } from '../activity-types';
import { averageSpeed, paceFromSpeed, withActivityType } from '../finalize';
import type { SampleColumns } from '../metrics/sample-columns';
import { summarizeSamples } from '../metrics/summarize';
import { asNode, children, num, text, time, type XmlNode } from '../xml/nodes';
import { lapFromTcx, lapStartMs } from './laps';
import { NO_LOAD } from '../metrics/training-load';

/** One activity's trackpoints in document order, and where each of its <Lap> elements begins among them. */
export interface TcxPoints {
  columns: SampleColumns;
  lapStarts: number[];
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
export function activityFromTcx(activity: XmlNode, points: TcxPoints): ParsedActivity | null {
  const laps = children(activity, 'Lap');
  const { columns, lapStarts } = points;
  const parsedLaps: ParsedLap[] = [];
  // Every <Lap> element, in document order, lines up with lapStarts (empty ones included).
  const lapElements = activity.Lap as unknown[] | undefined;
  lapElements?.forEach((element, k) => {
    const lap = asNode(element);
    if (!lap) return;
    const first = lapStarts[k]!;
    const end = lapStarts[k + 1] ?? columns.length;
    const start = lapStartMs(lap) ?? (end > first ? columns.time[first]! : null);
    if (start !== null) parsedLaps.push(lapFromTcx(lap, start, end > first ? columns.time[end - 1]! : null));
  });
  const firstPoint = columns.length > 0 ? columns.time[0]! : null;
  const startMs = parsedLaps[0]?.startTime.getTime() ?? firstPoint ?? time(activity.Id);
  if (startMs === null) return null;
  if (columns.length === 0 && parsedLaps.every((l) => l.totalTimerTime === null)) return null;

  const metrics = summarizeSamples(columns, startMs);
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
      ...NO_LOAD,
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
      poolLength: null,
      totalStrokes: null,
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
