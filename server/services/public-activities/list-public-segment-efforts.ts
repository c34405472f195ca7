import { inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { segments } from '@/db/schema';
import { decodePolyline } from '@/server/formats/route/decode-polyline';
import { maskedLinePieces } from '@/server/formats/route/mask-line';
import { listActivitySegmentEfforts } from '../segments/list-activity-segment-efforts';
import { getPublicActivityRowOrThrow } from './get-public-activity-row-or-throw';
import type { PublicSegmentEffortResponse } from './schemas';

/**
 * CONTRACT: Explorer, goals, gear components, segments: a public activity's page shows its segment
 * efforts without revealing the segment's points inside privacy zones. Segments stay private: no
 * id, no stored line; each line is served as its pieces outside the owner's zones (mask-line.ts),
 * and no sample index or start time ties an effort to the masked streams.
 */
export async function listPublicSegmentEfforts(db: Db, activityId: number): Promise<PublicSegmentEffortResponse[]> {
  const { row, zones } = await getPublicActivityRowOrThrow(db, activityId);
  const efforts = await listActivitySegmentEfforts(db, row.userId, activityId);
  if (!efforts.length) return [];
  const lines = new Map(
    (
      await db
        .select({ id: segments.id, polyline: segments.polyline, distance: segments.distance })
        .from(segments)
        .where(
          inArray(
            segments.id,
            efforts.map((e) => e.segment_id),
          ),
        )
    ).map((s) => [s.id, { pieces: maskedLinePieces(decodePolyline(s.polyline), zones, activityId), distance: Math.round(s.distance * 10) / 10 }]),
  );
  return efforts.flatMap((e) => {
    const line = lines.get(e.segment_id);
    if (!line) return [];
    return [
      {
        segment_name: e.segment_name,
        distance: line.distance,
        elapsed_time: e.elapsed_time,
        moving_time: e.moving_time,
        average_speed: e.average_speed,
        average_hr: e.average_hr,
        average_power: e.average_power,
        pr_rank: e.pr_rank,
        lines: line.pieces,
      },
    ];
  });
}
