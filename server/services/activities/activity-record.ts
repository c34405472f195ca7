import { LAP_FIELDS, sectionFields, toWire } from '@/server/activity-fields';
import type { ActivityLapRow, ActivityRow, ActivityStreamsRow } from '@/db/schema';
import { STREAM_TYPES, type ActivityResponse, type LapResponse, type StreamsResponse, type StreamType } from './schemas';

const [SUMMARY, DEVICE, START] = [sectionFields('summary'), sectionFields('device'), sectionFields('start')];

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
    ...toWire(SUMMARY, row),
    visibility: row.visibility,
    is_hidden: row.isHidden,
    exclude_from_records: row.excludeFromRecords,
    gear_id: row.gearId,
    ...toWire(DEVICE, row),
    source: row.source,
    provider_activity_id: row.providerActivityId,
    import: row.importRecord ?? null,
    ...toWire(START, row),
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
    ...toWire(LAP_FIELDS, row),
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
