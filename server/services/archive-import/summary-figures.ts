import type { ParsedLap } from '@/server/formats';
import type { StrideActivity } from './stride-json-schema';

/**
 * stride.json's stored figures under the names ParsedActivity and the activities table share:
 * they rebuild a file-less activity, and they replace what re-parsing our own GPX would derive
 * (the GPX carries the streams, not the figures the provider or the original file gave).
 */
export function summaryFigures(s: NonNullable<StrideActivity['summary']>) {
  return {
    endTime: s.end_time,
    timezone: s.timezone,
    distance: s.distance,
    totalElapsedTime: s.total_elapsed_time,
    totalTimerTime: s.total_timer_time,
    movingTime: s.moving_time,
    elevationGain: s.elevation_gain,
    elevationLoss: s.elevation_loss,
    averageSpeed: s.average_speed,
    maxSpeed: s.max_speed,
    averagePace: s.average_pace,
    averageHr: s.average_hr,
    maxHr: s.max_hr,
    averagePower: s.average_power,
    maxPower: s.max_power,
    normalizedPower: s.normalized_power,
    averageCadence: s.average_cadence,
    maxCadence: s.max_cadence,
    calories: s.calories,
    deviceManufacturer: s.device_manufacturer,
    deviceModel: s.device_model,
    startLat: s.start_lat,
    startLon: s.start_lon,
  };
}

/** stride.json's laps as ParsedLap (the same names as the activity_laps columns). */
export function summaryLaps(s: NonNullable<StrideActivity['summary']>): ParsedLap[] {
  return (s.laps ?? []).map((l) => ({
    startTime: l.start_time,
    totalElapsedTime: l.total_elapsed_time,
    totalTimerTime: l.total_timer_time,
    distance: l.distance,
    averageHr: l.average_hr,
    maxHr: l.max_hr,
    averageSpeed: l.average_speed,
    maxSpeed: l.max_speed,
    averagePower: l.average_power,
    maxPower: l.max_power,
    averageCadence: l.average_cadence,
    maxCadence: l.max_cadence,
    ascent: l.ascent,
  }));
}
