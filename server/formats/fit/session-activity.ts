import type { ParsedActivity, ParsedLap } from '../types';
import { declaredFitActivityType } from '../activity-types';
import { averageSpeed, paceFromSpeed, withActivityType } from '../finalize';
import { summarizeSamples } from '../metrics/summarize';
import { finiteOrNull, positiveOrNull } from '../metrics/stats';
import type { SampleColumns } from '../metrics/sample-columns';
import type { FitMessage } from './decode';
import type { Device } from './device';
import { isSwimming, numField, strokeCount, stringField } from './fields';
import { NO_LOAD } from '../metrics/training-load';

export interface SessionInput {
  session: FitMessage;
  startMs: number;
  /** the session's timed records */
  samples: SampleColumns;
  laps: ParsedLap[];
  device: Device;
  /** True for a session after the first: record distance continues from the previous leg. */
  rebaseDistance: boolean;
}

/**
 * One FIT session as an activity. The device's session totals win wherever they are present and
 * plausible; the records fill what is missing (Suunto writes no session distance or heart rate,
 * COROS no average heart rate). A summary 0 for heart rate, power, cadence or speed is the
 * device's "not measured" and is recomputed from the records (null if they have none either).
 */
export function activityFromSession({ session, startMs, samples, laps, device, rebaseDistance }: SessionInput): ParsedActivity {
  const metrics = summarizeSamples(samples, startMs, { rebaseDistance });
  const sport = stringField(session, 'sport');
  const subSport = stringField(session, 'sub_sport');

  // CONTRACT: a session total_distance of 0 while the records cover distance (Wahoo) takes the records'
  const sessionDistance = finiteOrNull(numField(session, 'total_distance'));
  const distance = sessionDistance === 0 && (metrics.distance ?? 0) > 0 ? metrics.distance : (sessionDistance ?? metrics.distance);
  const recordSpan = metrics.lastTime !== null ? Math.max(0, (metrics.lastTime - startMs) / 1000) : null;
  const timer = finiteOrNull(numField(session, 'total_timer_time')) ?? recordSpan;
  let elapsed = finiteOrNull(numField(session, 'total_elapsed_time')) ?? recordSpan ?? timer ?? 0;
  // Elapsed time includes the timer time, so it can never be shorter. When a device writes an
  // elapsed time clearly below its timer time (the Edge 1030 Plus file: 1632 s vs 2760 s, with
  // records spanning 2759 s), the records' span is the truth; at least the timer time.
  if (timer !== null && elapsed < timer - 1) elapsed = Math.max(recordSpan ?? 0, timer);

  let moving = metrics.movingTime ?? timer;
  if (moving !== null && timer !== null && moving > timer) moving = timer;

  const deviceAscent = finiteOrNull(numField(session, 'total_ascent'));
  const deviceDescent = finiteOrNull(numField(session, 'total_descent'));
  const avgSpeed = averageSpeed(positiveOrNull(numField(session, 'enhanced_avg_speed', 'avg_speed')), distance, timer);
  const startLat = numField(session, 'start_position_lat');
  const startLon = numField(session, 'start_position_long');
  const deviceStart = startLat !== null && startLon !== null && !(startLat === 0 && startLon === 0);
  // a pool length is written by pool swims only (open water has none)
  const swim = isSwimming(session);
  const poolLength = swim ? positiveOrNull(numField(session, 'pool_length')) : null;
  const totalStrokes = swim ? positiveOrNull(strokeCount(session)) : null;

  return withActivityType(
    {
      format: 'fit',
      ...NO_LOAD,
      name: null,
      sportRaw: sport ? (subSport && subSport !== 'generic' ? `${sport}/${subSport}` : sport) : null,
      startTime: new Date(startMs),
      endTime: new Date(startMs + elapsed * 1000),
      distance,
      totalElapsedTime: elapsed,
      totalTimerTime: timer,
      movingTime: moving,
      elevationGain: deviceAscent ?? metrics.elevation?.gain ?? null,
      elevationLoss: deviceDescent ?? (deviceAscent === null ? (metrics.elevation?.loss ?? null) : null),
      averageSpeed: avgSpeed,
      maxSpeed: positiveOrNull(numField(session, 'enhanced_max_speed', 'max_speed')) ?? metrics.maxSpeed,
      averagePace: paceFromSpeed(avgSpeed),
      averageHr: positiveOrNull(numField(session, 'avg_heart_rate')) ?? metrics.heartRate.average,
      maxHr: positiveOrNull(numField(session, 'max_heart_rate')) ?? metrics.heartRate.max,
      averagePower: positiveOrNull(numField(session, 'avg_power')) ?? metrics.power.average,
      maxPower: positiveOrNull(numField(session, 'max_power')) ?? metrics.power.max,
      normalizedPower: positiveOrNull(numField(session, 'normalized_power')) ?? metrics.normalizedPower,
      averageCadence: positiveOrNull(numField(session, 'avg_cadence')) ?? metrics.cadence.average,
      maxCadence: positiveOrNull(numField(session, 'max_cadence')) ?? metrics.cadence.max,
      poolLength,
      totalStrokes,
      calories: finiteOrNull(numField(session, 'total_calories')),
      deviceManufacturer: device.manufacturer,
      deviceModel: device.model,
      startLat: deviceStart ? startLat : (metrics.firstPosition?.lat ?? null),
      startLon: deviceStart ? startLon : (metrics.firstPosition?.lon ?? null),
      laps,
      streams: metrics.streams,
    },
    declaredFitActivityType(sport, subSport),
    metrics,
  );
}
