import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityStreams } from '@/db/schema';
import { validationError } from '@/server/errors';
import { decodePolyline } from '@/server/formats/route/decode-polyline';
import { segmentLine, type SegmentLine } from '@/server/formats/segments/segment-shape';
import { activityNotFound } from '../activities/get-activity-or-throw';
import { sportFamily, type SportFamily } from '../efforts/sport-families';

// CONTRACT: Explorer, goals, gear components, segments: POST /segments from a stretch of a recorded
// track ({ activity_id, start_index, end_index }: sample indices of its streams) or a drawn line
// (Google encoded polyline). Either becomes the stored line, simplified to 2 m off the points.

/** metres: shorter is GPS noise, longer is no segment but a route */
export const SEGMENT_MIN_M = 50;
export const SEGMENT_MAX_M = 100_000;

export interface SegmentSource {
  line: SegmentLine;
  activityId: number | null;
  /** the source activity's name and family (defaults for name and sport) */
  activityName: string | null;
  family: SportFamily | null;
}

const invalid = (field: string, message: string) => validationError([{ field, message }]);

function checked(line: SegmentLine | null, field: string): SegmentLine {
  if (!line || line.distance < SEGMENT_MIN_M) throw invalid(field, `the segment must be at least ${SEGMENT_MIN_M} m long`);
  if (line.distance > SEGMENT_MAX_M) throw invalid(field, `the segment must be at most ${SEGMENT_MAX_M / 1000} km long`);
  return line;
}

/** The line of a drawn polyline: every point a valid position. */
export function lineOfPolyline(text: string): SegmentLine {
  const flat = decodePolyline(text);
  const lat: number[] = [];
  const lon: number[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) {
    if (!(Math.abs(flat[i]!) <= 90 && Math.abs(flat[i + 1]!) <= 180)) throw invalid('polyline', 'polyline holds a position out of range');
    lat.push(flat[i]!);
    lon.push(flat[i + 1]!);
  }
  if (lat.length < 2) throw invalid('polyline', 'polyline must hold at least two points');
  return checked(segmentLine(lat, lon), 'polyline');
}

/** The line of a stretch of one of the user's activities; another user's activity is a 404. */
export async function lineOfStretch(db: Db, userId: number, activityId: number, start: number, end: number): Promise<SegmentSource> {
  const [found] = await db
    .select({ name: activities.name, type: activities.activityType, lat: activityStreams.lat, lon: activityStreams.lon })
    .from(activities)
    .leftJoin(activityStreams, eq(activityStreams.activityId, activities.id))
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId)));
  if (!found) throw activityNotFound();
  if (!found.lat || !found.lon) throw invalid('activity_id', 'the activity has no positions');
  if (end <= start) throw invalid('end_index', 'end_index must be after start_index');
  if (end >= found.lat.length) throw invalid('end_index', `end_index must be below the activity's ${found.lat.length} samples`);
  const lat: number[] = [];
  const lon: number[] = [];
  for (let i = start; i <= end; i++) {
    const [a, o] = [found.lat[i], found.lon[i]];
    if (a == null || o == null || (a === 0 && o === 0)) continue;
    lat.push(a);
    lon.push(o);
  }
  return { line: checked(segmentLine(lat, lon), 'end_index'), activityId, activityName: found.name, family: sportFamily(found.type) };
}
