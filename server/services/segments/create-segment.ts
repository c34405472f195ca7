import type { Db } from '@/db/client';
import { segments } from '@/db/schema';
import { getSegmentOrThrow } from './get-segment-or-throw';
import { queueSegmentMatch } from './queue-segment-match';
import type { CreateSegmentInput, SegmentResponse } from './schemas';
import { lineOfPolyline, lineOfStretch, type SegmentSource } from './segment-line-of-input';

/** CONTRACT: Explorer, goals, gear components, segments: POST /segments; its history is matched by a job. */
export async function createSegment(db: Db, userId: number, input: CreateSegmentInput): Promise<SegmentResponse> {
  const source: SegmentSource =
    'polyline' in input
      ? { line: lineOfPolyline(input.polyline), activityId: null, activityName: null, family: null }
      : await lineOfStretch(db, userId, input.activity_id, input.start_index, input.end_index);
  const { line } = source;
  const [row] = await db
    .insert(segments)
    .values({
      userId,
      name: input.name ?? `${source.activityName ?? 'Segment'} (${(line.distance / 1000).toFixed(2)} km)`,
      sport: input.sport === undefined ? source.family : input.sport,
      polyline: line.polyline,
      distance: line.distance,
      minLat: line.minLat,
      minLon: line.minLon,
      maxLat: line.maxLat,
      maxLon: line.maxLon,
      activityId: source.activityId,
    })
    .returning({ id: segments.id });
  await queueSegmentMatch(db, userId);
  return getSegmentOrThrow(db, userId, row!.id);
}
