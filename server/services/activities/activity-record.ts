import type { ActivityLapRow, ActivityRow, ActivityStreamsRow } from '@/db/schema';
import { STREAM_TYPES, type ActivityResponse, type LapResponse, type StreamsResponse, type StreamType } from './schemas';

/** CONTRACT: Activities: the activity record, field for field (snake_case wire shape). */
export function activityRecord(row: ActivityRow): ActivityResponse {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    description: row.description,
    activity_type: row.activityType,
    activity_type_source: row.activityTypeSource,
    start_time: row.startTime.toISOString(),
    end_time: row.endTime.toISOString(),
    timezone: row.timezone,
    distance: row.distance,
    total_elapsed_time: row.totalElapsedTime,
    total_timer_time: row.totalTimerTime,
    moving_time: row.movingTime,
    elevation_gain: row.elevationGain,
    elevation_loss: row.elevationLoss,
    average_speed: row.averageSpeed,
    max_speed: row.maxSpeed,
    average_pace: row.averagePace,
    average_hr: row.averageHr,
    max_hr: row.maxHr,
    average_power: row.averagePower,
    max_power: row.maxPower,
    normalized_power: row.normalizedPower,
    average_cadence: row.averageCadence,
    max_cadence: row.maxCadence,
    calories: row.calories,
    visibility: row.visibility,
    is_hidden: row.isHidden,
    gear_id: row.gearId,
    device_manufacturer: row.deviceManufacturer,
    device_model: row.deviceModel,
    source: row.source,
    provider_activity_id: row.providerActivityId,
    import: row.importRecord ?? null,
    start_lat: row.startLat,
    start_lon: row.startLon,
    has_streams: row.hasStreams,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type ActivityRecord = ActivityResponse;

export function lapRecord(row: ActivityLapRow): LapResponse {
  return {
    lap_index: row.lapIndex,
    start_time: row.startTime.toISOString(),
    total_elapsed_time: row.totalElapsedTime,
    total_timer_time: row.totalTimerTime,
    distance: row.distance,
    average_hr: row.averageHr,
    max_hr: row.maxHr,
    average_speed: row.averageSpeed,
    max_speed: row.maxSpeed,
    average_power: row.averagePower,
    max_power: row.maxPower,
    average_cadence: row.averageCadence,
    max_cadence: row.maxCadence,
    ascent: row.ascent,
  };
}

/** CONTRACT: `{ "<type>": [...] }` with only the streams that are set. */
export function streamsRecord(row: ActivityStreamsRow): StreamsResponse {
  const all: Record<StreamType, (number | null)[] | null> = {
    time: row.time,
    lat: row.lat,
    lon: row.lon,
    distance: row.distance,
    altitude: row.altitude,
    heart_rate: row.heartRate,
    cadence: row.cadence,
    power: row.power,
    speed: row.speed,
    temperature: row.temperature,
  };
  const out: Partial<Record<StreamType, (number | null)[]>> = {};
  for (const type of STREAM_TYPES) {
    const values = all[type];
    if (values && values.length) out[type] = values;
  }
  return out;
}
