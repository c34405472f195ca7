import { z } from 'zod';
import { yearInput } from '@/server/util/date-input';
import { ACTIVITY_TYPES } from '@/server/formats';
import { SPORT_FAMILIES } from './sport-families';

// CONTRACT: Beyond the spec … Best efforts and records: inputs and wire answers, shared by REST,
// tRPC and the web app (STYLE rule 4).

const rank = z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable();

export const bestEffortsResponse = z.object({
  efforts: z.array(z.object({ distance: z.number(), elapsed_time: z.number().int(), start_offset: z.number().int(), pr_rank: rank })),
  power_curve: z.array(z.object({ duration: z.number().int(), watts: z.number().int(), pr_rank: rank })),
});
export type BestEffortsResponse = z.infer<typeof bestEffortsResponse>;

const recordTypes = [...SPORT_FAMILIES, ...ACTIVITY_TYPES.filter((t) => !(SPORT_FAMILIES as readonly string[]).includes(t))] as const;

export const recordsInput = z.object({
  type: z.enum(recordTypes, { error: `type must be a family (${SPORT_FAMILIES.join(', ')}) or an activity type` }),
  year: yearInput().optional(),
});
export type RecordsInput = z.infer<typeof recordsInput>;

const at = z.iso.datetime();
const activityRef = z.object({ activity_id: z.number().int() });

/** The activity that holds a record: the contract's id and start, and its name, type and time zone (issue 50) */
const recordHolder = z.object({
  activity_id: z.number().int(),
  activity_name: z.string(),
  activity_type: z.string(),
  timezone: z.string().nullable(),
  start_time: at,
});

export const recordsResponse = z.object({
  best_efforts: z.array(recordHolder.extend({ distance: z.number(), elapsed_time: z.number().int() })),
  power_curve: z.array(recordHolder.extend({ duration: z.number().int(), watts: z.number().int() })),
  longest: activityRef.extend({ distance: z.number() }).nullable(),
  longest_time: activityRef.extend({ moving_time: z.number() }).nullable(),
  biggest_climb: activityRef.extend({ elevation_gain: z.number() }).nullable(),
});
export type RecordsResponse = z.infer<typeof recordsResponse>;

/** The dashboard's recent personal records: efforts ranked 1 when they were set. */
export const recentRecordsInput = z.object({ limit: z.coerce.number().int().min(1).max(50).default(5) });
export type RecentRecordsInput = z.infer<typeof recentRecordsInput>;
export const recentRecordsResponse = z.array(
  z.object({
    kind: z.enum(['distance', 'power']),
    measure: z.number(),
    value: z.number().int(),
    activity_id: z.number().int(),
    activity_name: z.string(),
    activity_type: z.string(),
    start_time: at,
  }),
);
export type RecentRecordsResponse = z.infer<typeof recentRecordsResponse>;
