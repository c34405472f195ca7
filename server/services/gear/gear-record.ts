import type { GearRow } from '@/db/schema';
import type { GearResponse } from './schemas';

export interface GearUsage {
  totalDistance: number;
  activityCount: number;
}

/** CONTRACT: the gear record adds total_distance (m) and activity_count. */
export function gearRecord(row: GearRow, usage: GearUsage = { totalDistance: 0, activityCount: 0 }): GearResponse {
  return {
    id: row.id,
    user_id: row.userId,
    nickname: row.nickname,
    brand: row.brand,
    model: row.model,
    gear_type: row.gearType,
    active: row.active,
    provider_gear_id: row.providerGearId,
    total_distance: usage.totalDistance,
    activity_count: usage.activityCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type GearRecord = GearResponse;
