import type { ParsedActivity } from '../types';
import { NO_LOAD } from '../metrics/training-load';

/** A parsed activity with every figure empty but what `fields` set: tests and benches build theirs from it. */
export function parsedActivity(fields: Partial<ParsedActivity> & Pick<ParsedActivity, 'startTime' | 'totalElapsedTime'>): ParsedActivity {
  return {
    format: 'fit',
    ...NO_LOAD,
    name: null,
    activityType: 'run',
    activityTypeSource: 'file',
    sportRaw: null,
    endTime: new Date(fields.startTime.getTime() + fields.totalElapsedTime * 1000),
    timezone: null,
    distance: null,
    totalTimerTime: null,
    movingTime: null,
    elevationGain: null,
    elevationLoss: null,
    averageSpeed: null,
    maxSpeed: null,
    averagePace: null,
    averageHr: null,
    maxHr: null,
    averagePower: null,
    maxPower: null,
    normalizedPower: null,
    averageCadence: null,
    maxCadence: null,
    poolLength: null,
    totalStrokes: null,
    calories: null,
    deviceManufacturer: null,
    deviceModel: null,
    startLat: null,
    startLon: null,
    laps: [],
    streams: { time: [] },
    ...fields,
  };
}
