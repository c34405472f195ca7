import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activityLaps } from '@/db/schema';
import type { ExportActivity } from './list-export-activities';

/**
 * The stored figures and laps of an activity exported without its original, SI as stored: a GPX
 * of the streams carries neither, and an activity with no file at all is rebuilt from these.
 */
export async function strideSummary(db: Db, a: ExportActivity) {
  const laps = await db.select().from(activityLaps).where(eq(activityLaps.activityId, a.id)).orderBy(asc(activityLaps.lapIndex));
  return {
    end_time: a.endTime.toISOString(),
    timezone: a.timezone,
    distance: a.distance,
    total_elapsed_time: a.totalElapsedTime,
    total_timer_time: a.totalTimerTime,
    moving_time: a.movingTime,
    elevation_gain: a.elevationGain,
    elevation_loss: a.elevationLoss,
    average_speed: a.averageSpeed,
    max_speed: a.maxSpeed,
    average_pace: a.averagePace,
    average_hr: a.averageHr,
    max_hr: a.maxHr,
    average_power: a.averagePower,
    max_power: a.maxPower,
    normalized_power: a.normalizedPower,
    average_cadence: a.averageCadence,
    max_cadence: a.maxCadence,
    calories: a.calories,
    device_manufacturer: a.deviceManufacturer,
    device_model: a.deviceModel,
    start_lat: a.startLat,
    start_lon: a.startLon,
    streams: a.streamChannels ? a.streamChannels.split(',') : [],
    laps: laps.map((l) => ({
      start_time: l.startTime.toISOString(),
      total_elapsed_time: l.totalElapsedTime,
      total_timer_time: l.totalTimerTime,
      distance: l.distance,
      average_hr: l.averageHr,
      max_hr: l.maxHr,
      average_speed: l.averageSpeed,
      max_speed: l.maxSpeed,
      average_power: l.averagePower,
      max_power: l.maxPower,
      average_cadence: l.averageCadence,
      max_cadence: l.maxCadence,
      ascent: l.ascent,
    })),
  };
}
