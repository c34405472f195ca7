import { z } from 'zod';
import { yearInput } from '@/server/util/date-input';
import { SPORT_FAMILIES } from '../efforts/sport-families';

// CONTRACT: Explorer, goals, gear components, segments (issue 53): inputs and wire answers, shared by
// REST, tRPC and the web app (STYLE rule 4).

const name = z.string().trim().min(1, 'name is required').max(100, 'name must be at most 100 characters');
const sport = z.enum(SPORT_FAMILIES, { error: `sport must be one of: ${SPORT_FAMILIES.join(', ')}` }).nullable();
const index = z.number().int().min(0, 'indices must not be negative');
/** Google's encoded polyline format, precision 5: what GET /activities/routes sends */
const polyline = z.string().min(4, 'polyline must hold at least two points').max(20_000, 'polyline must be at most 20,000 characters');

/** From a stretch of a recorded track (sample indices of its streams), or from a drawn line. */
export const createSegmentInput = z.union([
  z.strictObject({ activity_id: z.number().int().positive(), start_index: index, end_index: index, name: name.optional(), sport: sport.optional() }),
  z.strictObject({ name, polyline, sport: sport.optional() }),
]);
export type CreateSegmentInput = z.infer<typeof createSegmentInput>;

export const updateSegmentInput = z
  .strictObject({ name: name.optional(), sport: sport.optional(), polyline: polyline.optional() })
  .refine((v) => Object.keys(v).length > 0, 'name, sport or polyline is required');
export type UpdateSegmentInput = z.infer<typeof updateSegmentInput>;

export const listSegmentsInput = z.object({
  /** `minLon,minLat,maxLon,maxLat`; read by the service (a malformed one is a 400, as GET /activities/routes) */
  bbox: z.string().max(200).optional(),
  sport: z.enum(SPORT_FAMILIES, { error: `sport must be one of: ${SPORT_FAMILIES.join(', ')}` }).optional(),
});
export type ListSegmentsInput = z.infer<typeof listSegmentsInput>;

export const segmentEffortsInput = z.object({ year: yearInput().optional() });
export type SegmentEffortsInput = z.infer<typeof segmentEffortsInput>;

const at = z.iso.datetime();
const rank = z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable();

export const segmentResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  sport: z.enum(SPORT_FAMILIES).nullable(),
  polyline: z.string(),
  /** metres along the line */
  distance: z.number(),
  /** [minLon, minLat, maxLon, maxLat] */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  activity_id: z.number().int().nullable(),
  effort_count: z.number().int(),
  /** seconds: the fastest effort not hidden nor excluded from records */
  best_elapsed_time: z.number().nullable(),
  created_at: at,
  updated_at: at,
});
export type SegmentResponse = z.infer<typeof segmentResponse>;

/** CONTRACT: Explorer, goals, gear components, segments: GET /segments/{id}/efforts, fastest first. */
export const segmentEffortResponse = z.object({
  id: z.number().int(),
  activity_id: z.number().int(),
  start_time: at,
  /** seconds, to a tenth */
  elapsed_time: z.number(),
  moving_time: z.number(),
  /** m/s */
  average_speed: z.number(),
  average_hr: z.number().nullable(),
  average_power: z.number().nullable(),
  pr_rank: rank,
});
export type SegmentEffortResponse = z.infer<typeof segmentEffortResponse>;

/** GET /activities/{id}/segment_efforts: each effort with its segment and where it lies in the streams. */
export const activitySegmentEffortResponse = segmentEffortResponse.extend({
  segment_id: z.number().int(),
  segment_name: z.string(),
  start_index: z.number().int(),
  end_index: z.number().int(),
});
export type ActivitySegmentEffortResponse = z.infer<typeof activitySegmentEffortResponse>;

/**
 * GET /segments/{id}/profile: altitude over distance along one matched pass (get-segment-profile.ts
 * says which); empty, with nulls, while no pass with altitude is matched.
 */
export const segmentProfileResponse = z.object({
  /** the activity whose pass the profile is read from */
  activity_id: z.number().int().nullable(),
  /** metres from the pass's start, ascending */
  distance: z.array(z.number()),
  /** metres above sea level, one per distance */
  altitude: z.array(z.number()),
  /** metres: the lowest and highest sample of the whole pass */
  min_altitude: z.number().nullable(),
  max_altitude: z.number().nullable(),
});
export type SegmentProfileResponse = z.infer<typeof segmentProfileResponse>;
