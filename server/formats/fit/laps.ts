import type { ParsedLap } from '../types';
import { finiteOrNull, positiveOrNull } from '../metrics/stats';
import type { FitMessage } from './decode';
import { numField, strokeCount, timeField } from './fields';

/** Start of a lap in ms: its start_time, else its end timestamp minus its elapsed time. */
export function lapStart(lap: FitMessage): number | null {
  const start = timeField(lap, 'start_time');
  if (start !== null) return start;
  const end = timeField(lap, 'timestamp');
  const elapsed = numField(lap, 'total_elapsed_time');
  return end !== null && elapsed !== null ? end - elapsed * 1000 : null;
}

/**
 * Device lap values as written; a 0 where 0 cannot be real (a lap timer of 0 s) becomes null.
 * A swim lap keeps its strokes, 0 included (a rest at the wall strokes none).
 */
export function lapFromFit(lap: FitMessage, startMs: number, swim: boolean): ParsedLap {
  return {
    startTime: new Date(startMs),
    totalElapsedTime: positiveOrNull(numField(lap, 'total_elapsed_time')),
    totalTimerTime: positiveOrNull(numField(lap, 'total_timer_time')),
    distance: finiteOrNull(numField(lap, 'total_distance')),
    averageHr: positiveOrNull(numField(lap, 'avg_heart_rate')),
    maxHr: positiveOrNull(numField(lap, 'max_heart_rate')),
    averageSpeed: positiveOrNull(numField(lap, 'enhanced_avg_speed', 'avg_speed')),
    maxSpeed: positiveOrNull(numField(lap, 'enhanced_max_speed', 'max_speed')),
    averagePower: positiveOrNull(numField(lap, 'avg_power')),
    maxPower: positiveOrNull(numField(lap, 'max_power')),
    averageCadence: positiveOrNull(numField(lap, 'avg_cadence')),
    maxCadence: positiveOrNull(numField(lap, 'max_cadence')),
    ascent: finiteOrNull(numField(lap, 'total_ascent')),
    totalStrokes: swim ? finiteOrNull(strokeCount(lap)) : null,
  };
}
