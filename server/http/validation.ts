import type { z } from 'zod';
import { validationError, type FieldError } from '../errors';

/** zod issues → the problem's `errors` list (field = JSON pointer of the offending member). */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.length ? '/' + issue.path.map(String).join('/') : '',
    message: issue.message,
  }));
}

/** Parses with a zod schema; a failure is a 422 problem listing every field. */
export function parseOr422<T>(schema: z.ZodType<T>, value: unknown, detail?: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(fieldErrors(result.error), detail);
  return result.data;
}
