import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activityStreams, segments } from '@/db/schema';
import { selectRows } from '@/db/select-rows';
import { haversine } from '@/server/formats/metrics/haversine';
import { decodePolyline } from '@/server/formats/route/decode-polyline';
import { segmentNotFound } from './get-segment-or-throw';
import type { SegmentProfileResponse } from './schemas';

// CONTRACT: Explorer, goals, gear components, segments: a segment page's elevation profile. The
// stored line carries no altitude (a drawn one has none to carry), so the profile is read from an
// activity's altitude stream: first the stretch of the activity the segment was cut from (found
// again by the line's two ends, which are samples of it: the very stretch the person chose, shown
// at once, before any matching), else a matched pass (the source activity's, then the fastest with
// altitude), whose indices are the matcher's.

/** points sent at most: a 100 km pass at 1 Hz is tens of thousands of samples, a chart draws ~1,000 */
export const PROFILE_POINTS = 1000;
/** passes tried for an altitude stream before answering none */
const CANDIDATES = 5;
/** metres: a stored end lies this near its sample (polyline precision 5 rounds by ~1 m) */
const END_M = 5;

type StreamColumns = Parameters<typeof passProfile>[0];

interface Candidate {
  activity_id: number;
  start_index: number;
  end_index: number;
}

/** The profile of one pass's samples, or null when fewer than two carry an altitude. */
export function passProfile(
  streams: { altitude: (number | null)[] | null; distance: (number | null)[] | null; lat: (number | null)[] | null; lon: (number | null)[] | null },
  start: number,
  end: number,
): { distance: number[]; altitude: number[]; min_altitude: number; max_altitude: number } | null {
  const { altitude, distance, lat, lon } = streams;
  if (!altitude) return null;
  const xs: number[] = [];
  const ys: number[] = [];
  // metres from the pass's first sample: the distance stream where it has one, else summed positions
  let walked = 0;
  let last: [number, number] | null = null;
  const origin = distance?.[start];
  for (let i = start; i <= end && i < altitude.length; i++) {
    const [a, o] = [lat?.[i], lon?.[i]];
    if (a != null && o != null) {
      if (last) walked += haversine(last[0], last[1], a, o);
      last = [a, o];
    }
    const d = distance?.[i];
    const x = origin != null && d != null ? d - origin : walked;
    const y = altitude[i];
    if (y == null || !Number.isFinite(y) || !Number.isFinite(x)) continue;
    xs.push(x);
    ys.push(y);
  }
  if (xs.length < 2) return null;
  let [low, high] = [0, 0];
  for (let i = 1; i < ys.length; i++) {
    if (ys[i]! < ys[low]!) low = i;
    if (ys[i]! > ys[high]!) high = i;
  }
  // every k-th sample, the last, and the lowest and highest: the drawn extremes are the true ones
  const step = Math.ceil(xs.length / PROFILE_POINTS);
  const kept = [...new Set([...Array.from({ length: Math.ceil(xs.length / step) }, (_, k) => k * step), low, high, xs.length - 1])].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    distance: kept.map((k) => round(xs[k]!)),
    altitude: kept.map((k) => round(ys[k]!)),
    min_altitude: round(ys[low]!),
    max_altitude: round(ys[high]!),
  };
}

const NO_PROFILE: SegmentProfileResponse = { activity_id: null, distance: [], altitude: [], min_altitude: null, max_altitude: null };

/**
 * The samples of the source activity the line was cut from: a sample at each end of the line whose
 * distance apart along the track is within 10 % of the line's length (a loop or an out-and-back
 * passes an end twice: the length tells the stretch from the rest), the earliest such pass when the
 * activity rode it twice (both are the same ground); null when none fits (the line was redrawn since).
 */
export function sourceStretch(streams: StreamColumns, ends: [number, number, number, number], length: number): [number, number] | null {
  const { lat, lon } = streams;
  if (!lat || !lon) return null;
  const along: number[] = [];
  const starts: number[] = [];
  const finishes: number[] = [];
  let walked = 0;
  let last = -1;
  for (let i = 0; i < lat.length; i++) {
    const [a, o] = [lat[i], lon[i]];
    if (a == null || o == null) continue;
    if (last >= 0) walked += haversine(lat[last]!, lon[last]!, a, o);
    last = i;
    along[i] = walked;
    if (haversine(a, o, ends[0], ends[1]) <= END_M) starts.push(i);
    if (haversine(a, o, ends[2], ends[3]) <= END_M) finishes.push(i);
  }
  for (const i of starts) {
    let best: [number, number] | null = null;
    let bestOff = 0.1 * length;
    for (const j of finishes) {
      const off = j > i ? Math.abs(along[j]! - along[i]! - length) : Infinity;
      if (off <= bestOff) [best, bestOff] = [[i, j], off];
    }
    if (best) return best;
  }
  return null;
}

async function streamsOf(db: Db, activityId: number): Promise<StreamColumns | null> {
  const [streams] = await db
    .select({ altitude: activityStreams.altitude, distance: activityStreams.distance, lat: activityStreams.lat, lon: activityStreams.lon })
    .from(activityStreams)
    .where(eq(activityStreams.activityId, activityId));
  return streams ?? null;
}

/** GET /segments/{id}/profile: altitude over distance along one matched pass; empty while no pass with altitude is matched. */
export async function getSegmentProfile(db: Db, userId: number, segmentId: number): Promise<SegmentProfileResponse> {
  const [own] = await db
    .select({ activityId: segments.activityId, polyline: segments.polyline, distance: segments.distance })
    .from(segments)
    .where(and(eq(segments.id, segmentId), eq(segments.userId, userId)));
  if (!own) throw segmentNotFound();
  const source = own.activityId === null ? null : await streamsOf(db, own.activityId);
  if (source) {
    const flat = decodePolyline(own.polyline);
    const n = flat.length;
    const stretch = sourceStretch(source, [flat[0]!, flat[1]!, flat[n - 2]!, flat[n - 1]!], own.distance);
    const profile = stretch ? passProfile(source, stretch[0], stretch[1]) : null;
    if (profile) return { activity_id: own.activityId, ...profile };
  }
  const candidates = await selectRows<Candidate>(
    db,
    sql`select e.activity_id, e.start_index, e.end_index
      from segment_efforts e join activities a on a.id = e.activity_id
        join activity_streams st on st.activity_id = e.activity_id and st.altitude is not null
      where e.segment_id = ${segmentId} and a.user_id = ${userId}
      order by (e.activity_id = ${own.activityId ?? -1}) desc, e.elapsed_time, e.id
      limit ${CANDIDATES}`,
  );
  for (const pass of candidates) {
    const streams = await streamsOf(db, pass.activity_id);
    const profile = streams ? passProfile(streams, pass.start_index, pass.end_index) : null;
    if (profile) return { activity_id: pass.activity_id, ...profile };
  }
  return NO_PROFILE;
}
