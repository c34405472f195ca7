import { z } from 'zod';
import { ACTIVITY_SOURCES, GEAR_TYPES, GOAL_METRICS, GOAL_PERIODS, VISIBILITIES } from '@/db/schema';
import { ACTIVITY_FIELDS, LAP_FIELDS, type FieldSpec, type FieldValue } from '@/server/activity-fields';
import { ACTIVITY_TYPES, ACTIVITY_TYPE_SOURCES } from '@/server/formats/activity-types';
import { STREAM_CHANNEL_NAMES } from '../account-export/stream-channels';
import { bodyCompositionInput } from '../weight/body-composition';
import { recordsInput } from '../efforts/schemas';

// The parts of a Stride export's stride.json the importer applies (README "Account export").
// Each entry is validated on its own: an invalid one is skipped with a warning, never the file.

const text = (max: number) => z.string().max(max).nullable().default(null);
const instant = z.iso.datetime({ offset: true }).transform((s) => new Date(s));

export const strideHeader = z.object({ format: z.literal('stride-account-export'), version: z.number().int().positive() });

/** A field as stride.json gives it (server/activity-fields.ts): bounded as the table says, null when absent. */
function importSchema(field: FieldSpec): z.ZodType {
  let type: z.ZodType;
  if (field.type === 'timestamp') type = instant;
  else if (field.type === 'text') type = z.string().max(field.maxLength ?? 10_000);
  else {
    let number = z.number().finite();
    if (field.min !== undefined) number = number.min(field.min);
    if (field.max !== undefined) number = number.max(field.max);
    type = number;
  }
  return field.nullable ? type.nullable().default(null) : type;
}

function importShape<F extends FieldSpec>(fields: readonly F[]) {
  return Object.fromEntries(fields.map((field) => [field.wire, importSchema(field)])) as { [K in F as K['wire']]: z.ZodType<FieldValue<K>> };
}

const lap = z.object(importShape(LAP_FIELDS));

const summary = z.object({
  ...importShape(ACTIVITY_FIELDS),
  streams: z.array(z.enum(STREAM_CHANNEL_NAMES)).optional(),
  laps: z.array(lap).max(10_000).optional(),
});

export const strideActivity = z.object({
  activity_id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  filename: z.string().max(1000).nullable(),
  start_time: instant,
  name: text(500),
  description: text(20_000),
  activity_type: z.enum(ACTIVITY_TYPES),
  activity_type_source: z.enum(ACTIVITY_TYPE_SOURCES).default('file'),
  visibility: z.enum(VISIBILITIES),
  is_hidden: z.boolean(),
  /** absent in archives of before the field */
  exclude_from_records: z.boolean().default(false),
  gear: text(200),
  source: z.enum(ACTIVITY_SOURCES).optional(),
  provider_activity_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().default(null),
  photos: z.array(z.string().max(1000)).max(1000).default([]),
  summary: summary.optional(),
});

const optionalInstant = instant.nullable().default(null);

/** a gear item's component (CONTRACT: Explorer, goals, gear components, segments) */
export const strideComponent = z.object({
  name: z.string().trim().min(1).max(100),
  kind: z.string().trim().min(1).max(50),
  installed_at: instant,
  retired_at: optionalInstant,
  expected_distance: z.number().finite().positive().max(1e9).nullable().default(null),
  expected_time: z.number().finite().positive().max(1e9).nullable().default(null),
  due_notified_at: optionalInstant,
});

export const strideGoal = z.object({
  period: z.enum(GOAL_PERIODS),
  metric: z.enum(GOAL_METRICS),
  type: recordsInput.shape.type.nullable().default(null),
  target: z.number().finite().positive().max(1e9),
  reached_period: z.iso.date().nullable().default(null),
});

export const strideGear = z.object({
  nickname: z.string().trim().min(1).max(200),
  gear_type: z.enum(GEAR_TYPES),
  brand: text(200),
  model: text(200),
  active: z.boolean().default(true),
  provider_gear_id: z.number().int().nullable().default(null),
  /** an invalid component is left out, not its gear */
  components: z
    .array(z.unknown())
    .max(1000)
    .default([])
    .transform((list) => list.flatMap((c) => strideComponent.safeParse(c).data ?? [])),
});

// body composition since issue 51: an older export has none
export const strideWeight = z.object({ day: z.iso.date(), weight: z.number().finite().positive().max(1000), ...bodyCompositionInput.shape });

export const strideNotification = z.object({ kind: z.string().max(100), activity_id: z.number().int().nullable(), read: z.boolean() });

export type StrideActivity = z.infer<typeof strideActivity>;
export type StrideGear = z.infer<typeof strideGear>;
export type StrideGoal = z.infer<typeof strideGoal>;
export type StrideWeight = z.infer<typeof strideWeight>;
export type StrideNotification = z.infer<typeof strideNotification>;
