import { z } from 'zod';
import { dateInput } from '@/server/util/date-input';
import { ACTIVITY_SOURCES, MANIFEST_FIGURE_NAMES, VISIBILITIES } from '@/db/schema';
import { LAP_FIELDS, sectionFields, type FieldSpec } from '@/server/activity-fields';
import { ACTIVITY_TYPE_SOURCES, ACTIVITY_TYPES } from '@/server/formats';
import { profileFields } from '../users/schemas';

// Inputs of the activity operations, shared by the REST wire and tRPC (STYLE rule 4).

/** GET /activities' page size when none is asked for (also GET /public/server_settings' num_records_per_page). */
export const DEFAULT_PAGE_SIZE = 25;

const activityType = z.enum(ACTIVITY_TYPES, { error: `activity_type must be one of: ${ACTIVITY_TYPES.join(', ')}` });
const id = z.coerce.number().int().positive().max(2_147_483_647);
/** REST query strings say "true"/"false"; tRPC sends booleans. */
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);

/** CONTRACT: PATCH body is closed: unknown fields → 422. */
export const updateActivityInput = z
  .strictObject({
    name: z.string().trim().min(1, 'name must not be empty').max(255),
    description: z.string().max(10_000).nullable(),
    activity_type: activityType,
    visibility: z.enum(VISIBILITIES),
    is_hidden: z.boolean(),
    exclude_from_records: z.boolean(),
    gear_id: id.nullable(),
  })
  .partial();

export type UpdateActivityInput = z.infer<typeof updateActivityInput>;

/** a week: longer than any one activity a person does */
export const MAX_MANUAL_SECONDS = 7 * 24 * 3600;
const seconds = (field: string) =>
  z
    .number({ error: `${field} must be a number of seconds` })
    .positive(`${field} must be more than 0`)
    .max(MAX_MANUAL_SECONDS, `${field} must be at most a week`);
const figure = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must not be negative`)
    .max(max, `${field} must be at most ${max}`);

/**
 * CONTRACT: Real history and hand-made activities: Hand-made activities. Closed like PATCH: an
 * unknown field is named in the 422 too. `moving_time` defaults to and never exceeds
 * `total_elapsed_time` (a longer one is refused, naming it).
 */
export const createManualActivityInput = z
  .strictObject({
    name: z.string({ error: 'name is required' }).trim().min(1, 'name must not be empty').max(255),
    activity_type: activityType,
    start_time: z.iso.datetime({ offset: true, error: 'start_time must be an ISO 8601 date and time with an offset, such as 2026-11-29T07:30:00+01:00' }),
    timezone: profileFields.timezone.nullish(),
    total_elapsed_time: seconds('total_elapsed_time'),
    moving_time: seconds('moving_time').nullish(),
    distance: figure('distance', 1_000_000).nullish(),
    elevation_gain: figure('elevation_gain', 20_000).nullish(),
    average_hr: z
      .number({ error: 'average_hr must be a number' })
      .min(20, 'average_hr must be at least 20')
      .max(250, 'average_hr must be at most 250')
      .nullish(),
    calories: figure('calories', 50_000).nullish(),
    description: z.string().max(10_000).nullish(),
    gear_id: id.nullish(),
    visibility: z.enum(VISIBILITIES).optional(),
  })
  .refine((v) => v.moving_time == null || v.moving_time <= v.total_elapsed_time, {
    message: 'moving_time must not exceed total_elapsed_time',
    path: ['moving_time'],
  });

export type CreateManualActivityInput = z.infer<typeof createManualActivityInput>;

export const SORT_COLUMNS = ['start_time', 'distance', 'duration', 'name'] as const;

/** CONTRACT: GET /activities query. */
export const listActivitiesInput = z
  .object({
    type: activityType.optional(),
    start_date: dateInput().optional(),
    end_date: dateInput().optional(),
    q: z.string().trim().max(200).optional(),
    gear_id: id.optional(),
    sort_by: z.enum(SORT_COLUMNS).default('start_time'),
    sort_order: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
    include_hidden: flag.default(false),
  })
  .refine((v) => !v.start_date || !v.end_date || v.start_date <= v.end_date, {
    message: 'start_date must not be after end_date',
    path: ['start_date'],
  });

export type ListActivitiesInput = z.infer<typeof listActivitiesInput>;

export const exportFormatInput = z.object({ format: z.enum(['gpx', 'original']).default('gpx') });

/** The If-Match header as the service understands it: a version, any ('*'), or absent. */
export type ExpectedVersion = number | '*' | undefined;

// The wire answers of the activity operations: REST, tRPC and the web app's types read these.

const at = z.iso.datetime();

type WireSchema<F extends FieldSpec> = F['type'] extends 'double' ? z.ZodNumber : F['type'] extends 'timestamp' ? z.ZodISODateTime : z.ZodString;

/** A field as the records send it (server/activity-fields.ts): timestamps in ISO 8601. */
function wireSchema(field: FieldSpec) {
  const type = field.type === 'double' ? z.number() : field.type === 'timestamp' ? z.iso.datetime() : z.string();
  return field.nullable ? type.nullable() : type;
}

function wireShape<F extends FieldSpec>(fields: readonly F[]) {
  return Object.fromEntries(fields.map((field) => [field.wire, wireSchema(field)])) as {
    [K in F as K['wire']]: K['nullable'] extends true ? z.ZodNullable<WireSchema<K>> : WireSchema<K>;
  };
}

/** CONTRACT: Activities: the activity record, field for field. */
export const activityResponse = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  activity_type: z.string(),
  activity_type_source: z.enum(ACTIVITY_TYPE_SOURCES),
  start_time: at,
  ...wireShape(sectionFields('summary')),
  visibility: z.enum(VISIBILITIES),
  is_hidden: z.boolean(),
  /** CONTRACT: Real history … no pr_rank, in no record and no other activity's rank */
  exclude_from_records: z.boolean(),
  gear_id: z.number().int().nullable(),
  ...wireShape(sectionFields('device')),
  source: z.enum(ACTIVITY_SOURCES),
  provider_activity_id: z.number().nullable(),
  import: z
    .object({
      initiated_at: z.string(),
      label: z.string(),
      provider_activity_id: z.number().nullable(),
      // CONTRACT: Beyond the spec … Imported history: which figures are Strava's (absent in older records)
      figures_from_manifest: z.array(z.enum(MANIFEST_FIGURE_NAMES)).optional(),
    })
    .nullable(),
  ...wireShape(sectionFields('start')),
  has_streams: z.boolean(),
  version: z.number().int(),
  created_at: at,
  updated_at: at,
});
export type ActivityResponse = z.infer<typeof activityResponse>;

/** spec: an activity starting at the same time as an existing one is stored hidden: the one it duplicates */
export const duplicateOfResponse = z.object({ id: z.number().int(), name: z.string(), start_time: at });
export type DuplicateOf = z.infer<typeof duplicateOfResponse>;

/** An upload's answer per activity: the record, and the activity it duplicates (null when none). */
export const uploadedActivityResponse = activityResponse.extend({
  duplicate_of: duplicateOfResponse.nullable().describe('The earlier activity this one duplicates (same start); it was stored hidden.'),
});
export type UploadedActivityResponse = z.infer<typeof uploadedActivityResponse>;

/** CONTRACT: GET /activities, one page with the totals of every matching activity. */
export const activityPageResponse = z.object({
  items: z.array(activityResponse),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  next: z.number().int().nullable(),
  totals: z.object({ count: z.number().int(), distance: z.number(), moving_time: z.number(), elevation_gain: z.number() }),
});
export type ActivityPageResponse = z.infer<typeof activityPageResponse>;

export const lapResponse = z.object({
  lap_index: z.number().int(),
  ...wireShape(LAP_FIELDS),
});
export type LapResponse = z.infer<typeof lapResponse>;

export const STREAM_TYPES = ['time', 'lat', 'lon', 'distance', 'altitude', 'heart_rate', 'cadence', 'power', 'speed', 'temperature'] as const;
export type StreamType = (typeof STREAM_TYPES)[number];

/** CONTRACT: `{ "<type>": [...] }` with only the streams that are set. */
export const streamsResponse = z
  .object(
    Object.fromEntries(STREAM_TYPES.map((t) => [t, z.array(z.number().nullable()).optional()])) as Record<
      StreamType,
      z.ZodOptional<z.ZodArray<z.ZodNullable<z.ZodNumber>>>
    >,
  )
  // Grade-adjusted pace (issue 52): derived on read, s/km, null standing or at a glitch
  .extend({ gap: z.array(z.number().nullable()).optional() });
export type StreamsResponse = z.infer<typeof streamsResponse>;

export const zonesResponse = z.object({
  activity_id: z.number().int(),
  max_heart_rate: z.number().nullable(),
  zones: z.array(z.object({ zone: z.number().int(), min_bpm: z.number(), max_bpm: z.number().nullable(), seconds: z.number() })).nullable(),
});
export type ZonesResponse = z.infer<typeof zonesResponse>;
