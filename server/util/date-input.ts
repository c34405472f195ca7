import { z } from 'zod';

// Every date a request names (yyyy-MM-dd, a month yyyy-MM, a year) lies in one documented span:
// PostgreSQL has no year 0000 and JavaScript's Date none past 275760, so a date outside it would
// fail a statement (a 500) or make a read walk millennia. docs/guide.md, "Dates in requests".

export const FIRST_INPUT_YEAR = 1900;
export const LAST_INPUT_YEAR = 2199;
const SPAN = `between ${FIRST_INPUT_YEAR}-01-01 and ${LAST_INPUT_YEAR}-12-31`;

const inSpan = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= FIRST_INPUT_YEAR && year <= LAST_INPUT_YEAR;
};

/** A day, yyyy-MM-dd, within the span. */
export const dateInput = () =>
  z.iso
    .date({ error: 'must be a date in the form yyyy-MM-dd', abort: true })
    .refine(inSpan, { message: `must be a date ${SPAN}`, abort: true })
    .meta({ description: `yyyy-MM-dd, ${SPAN}` });

/** A month, yyyy-MM, within the span. */
export const monthInput = () =>
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be in the form yyyy-MM')
    .refine(inSpan, { message: `month must lie ${SPAN}`, abort: true })
    .meta({ description: `yyyy-MM, ${SPAN}` });

/** A calendar year within the span. */
export const yearInput = () => z.coerce.number().int().min(FIRST_INPUT_YEAR).max(LAST_INPUT_YEAR);

/** The sentence the OpenAPI document gives every read that takes dates. */
export const DATE_SPAN_DOC = `Dates lie between ${FIRST_INPUT_YEAR}-01-01 and ${LAST_INPUT_YEAR}-12-31; outside that span, or past a range's longest span, the answer is a 422 problem.`;
