import type { SegmentRow } from '@/db/schema';
import type { SportFamily } from '../efforts/sport-families';
import type { SegmentResponse } from './schemas';

export interface SegmentStats {
  effortCount: number;
  bestElapsedTime: number | null;
}

export function segmentRecord(row: SegmentRow, stats: SegmentStats): SegmentResponse {
  return {
    id: row.id,
    name: row.name,
    sport: row.sport as SportFamily | null,
    polyline: row.polyline,
    distance: Math.round(row.distance * 10) / 10,
    bbox: [row.minLon, row.minLat, row.maxLon, row.maxLat],
    activity_id: row.activityId,
    effort_count: stats.effortCount,
    best_elapsed_time: stats.bestElapsedTime === null ? null : Math.round(stats.bestElapsedTime * 10) / 10,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
