import { z } from 'zod';
import { ACTIVITY_SOURCES, MANIFEST_FIGURE_NAMES, VISIBILITIES } from '@/db/schema';
import { LAP_FIELDS, sectionFields, type FieldSpec } from '@/server/activity-fields';
import { ACTIVITY_TYPE_SOURCES, ACTIVITY_TYPES } from '@/server/formats';

// Inputs of the activity operations, shared by the REST wire and tRPC (STYLE rule 4).

const activityType = z.enum(ACTIVITY_TYPES, { error: `activity_type must be one of: ${ACTIVITY_TYPES.join(', ')}` });
const isoDate = z.iso.date({ error: 'must be a date in the form yyyy-MM-dd' });
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

export const SORT_COLUMNS = ['start_time', 'distance', 'duration', 'name'] as const;

/** CONTRACT: GET /activities query. */
export const listActivitiesInput = z
  .object({
    type: activityType.optional(),
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
    q: z.string().trim().max(200).optional(),
    gear_id: id.optional(),
    sort_by: z.enum(SORT_COLUMNS).default('start_time'),
    sort_order: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(25),
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
export const streamsResponse = z.object(
  Object.fromEntries(STREAM_TYPES.map((t) => [t, z.array(z.number().nullable()).optional()])) as Record<
    StreamType,
    z.ZodOptional<z.ZodArray<z.ZodNullable<z.ZodNumber>>>
  >,
);
export type StreamsResponse = z.infer<typeof streamsResponse>;

export const zonesResponse = z.object({
  activity_id: z.number().int(),
  max_heart_rate: z.number().nullable(),
  zones: z.array(z.object({ zone: z.number().int(), min_bpm: z.number(), max_bpm: z.number().nullable(), seconds: z.number() })).nullable(),
});
export type ZonesResponse = z.infer<typeof zonesResponse>;
