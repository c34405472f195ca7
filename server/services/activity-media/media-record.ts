import type { ActivityMediaRow } from '@/db/schema';
import type { MediaResponse } from './schemas';

export type MediaRecord = MediaResponse;

export function mediaRecord(row: ActivityMediaRow): MediaRecord {
  return {
    id: row.id,
    activity_id: row.activityId,
    filename: row.filename,
    content_type: row.contentType,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    url: `/api/v1/activities/${row.activityId}/media/${row.id}`,
    created_at: row.createdAt.toISOString(),
  };
}
