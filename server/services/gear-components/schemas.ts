import { z } from 'zod';

// CONTRACT: Explorer, goals, gear components, segments: a gear item's components (STYLE rule 4).

const text = (max: number, name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`);
/** ISO 8601 with an offset, or a date alone (that day's start in the profile's timezone) */
const instant = z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'must be an ISO 8601 date or date-time' });
/** 10^9 m or s: far past any part's life */
const expected = z.number().finite().positive('must be above 0').max(1e9, 'must be at most 1e9').nullable();

export const createComponentInput = z
  .strictObject({
    name: text(100, 'name'),
    kind: text(50, 'kind'),
    installed_at: instant,
    retired_at: instant.nullable().default(null),
    expected_distance: expected.default(null),
    expected_time: expected.default(null),
  })
  .refine((c) => c.expected_distance != null || c.expected_time != null, {
    message: 'expected_distance or expected_time is required',
    path: ['expected_distance'],
  });
export type CreateComponentInput = z.input<typeof createComponentInput>;

export const updateComponentInput = z.strictObject({
  name: text(100, 'name').optional(),
  kind: text(50, 'kind').optional(),
  installed_at: instant.optional(),
  retired_at: instant.nullable().optional(),
  expected_distance: expected.optional(),
  expected_time: expected.optional(),
});
export type UpdateComponentInput = z.infer<typeof updateComponentInput>;

/** "replace": retire the component at `at` (now by default) and install a copy of it from then. */
export const replaceComponentInput = z.strictObject({ at: instant.optional() });
export type ReplaceComponentInput = z.infer<typeof replaceComponentInput>;

const at = z.iso.datetime();
export const componentResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  installed_at: at,
  retired_at: at.nullable(),
  /** metres */
  expected_distance: z.number().nullable(),
  /** seconds */
  expected_time: z.number().nullable(),
  /** metres the gear's activities from installed_at to retired_at covered */
  distance: z.number(),
  /** their moving time, seconds */
  moving_time: z.number(),
});
export type ComponentResponse = z.infer<typeof componentResponse>;
