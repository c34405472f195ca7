import type { ActivityMediaRow } from '@/db/schema';

/** The wire shape of an attached photo; `url` serves its bytes. */
export interface MediaRecord {
  id: number;
  activity_id: number;
  filename: string;
  content_type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  url: string;
  created_at: string;
}

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
