import { z } from 'zod';
import type { HealthWeightRow } from '@/db/schema';

// Issue 51: the body composition a smart scale sends with a weight (openScale-sync's Endurain
// body, Endurain's HealthWeight): each optional, with its unit and bounds. One list serves the
// REST/tRPC schemas, the record, account export and the stride.json reader.

export const BODY_COMPOSITION = {
  body_fat: { column: 'bodyFat', unit: '%', max: 100, meaning: 'body fat, % of body weight' },
  body_water: { column: 'bodyWater', unit: '%', max: 100, meaning: 'body water, % of body weight' },
  muscle_mass: { column: 'muscleMass', unit: 'kg', max: 500, meaning: 'muscle mass, kg' },
  bone_mass: { column: 'boneMass', unit: 'kg', max: 100, meaning: 'bone mass, kg' },
  visceral_fat: { column: 'visceralFat', unit: '', max: 100, meaning: 'visceral fat rating (unitless, as the scale reports it)' },
} as const satisfies Record<string, { column: keyof HealthWeightRow; unit: string; max: number; meaning: string }>;

export type BodyCompositionField = keyof typeof BODY_COMPOSITION;
export const BODY_COMPOSITION_FIELDS = Object.keys(BODY_COMPOSITION) as BodyCompositionField[];
export type BodyComposition = Record<BodyCompositionField, number | null>;

function bounded(field: BodyCompositionField) {
  const { max, meaning } = BODY_COMPOSITION[field];
  return z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must be at least 0`)
    .max(max, `${field} must be at most ${max}`)
    .describe(`${meaning}; 0 to ${max}`);
}

/** Input: each field optional; null is the same as leaving it out. */
export const bodyCompositionInput = z.object(
  Object.fromEntries(BODY_COMPOSITION_FIELDS.map((f) => [f, bounded(f).nullish()])) as Record<BodyCompositionField, z.ZodOptional<z.ZodNullable<z.ZodNumber>>>,
);

/** Output: every field present, null when the entry has none. */
export const bodyCompositionResponse = z.object(
  Object.fromEntries(BODY_COMPOSITION_FIELDS.map((f) => [f, z.number().nullable().describe(BODY_COMPOSITION[f].meaning)])) as Record<
    BodyCompositionField,
    z.ZodNullable<z.ZodNumber>
  >,
);

/** The posted values, absent ones null (a post for a day replaces the whole entry). */
export function bodyCompositionOf(input: Partial<Record<BodyCompositionField, number | null | undefined>>): BodyComposition {
  return Object.fromEntries(BODY_COMPOSITION_FIELDS.map((f) => [f, input[f] ?? null])) as BodyComposition;
}

/** wire names → the row's columns */
export function bodyCompositionColumns(values: BodyComposition): Pick<HealthWeightRow, (typeof BODY_COMPOSITION)[BodyCompositionField]['column']> {
  return Object.fromEntries(BODY_COMPOSITION_FIELDS.map((f) => [BODY_COMPOSITION[f].column, values[f]])) as never;
}

/** the row's columns → wire names */
export function bodyCompositionFromRow(row: HealthWeightRow): BodyComposition {
  return Object.fromEntries(BODY_COMPOSITION_FIELDS.map((f) => [f, row[BODY_COMPOSITION[f].column]])) as BodyComposition;
}
