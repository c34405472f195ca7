import type { z } from 'zod';
import { AppError, validationError, type FieldError } from '../errors';

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

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (current, key) => (current !== null && typeof current === 'object' ? (current as Record<PropertyKey, unknown>)[key] : undefined),
    value,
  );
}

/** Absent, or a blank string that the schema refused as too short (a form's `username=`). */
function isMissing(issue: z.core.$ZodIssue, value: unknown): boolean {
  const found = valueAt(value, issue.path);
  return found === undefined || (issue.code === 'too_small' && typeof found === 'string' && found.trim() === '');
}

/**
 * parseOr422, except that missing fields are a 400 `invalid-input` naming them: spec: Errors lists
 * "Missing fields" under 400. Every query and body of a route is read this way; a field that is
 * present with a wrong value stays a 422.
 */
export function parseOr400WhenMissing<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // an empty body is read as an empty object, so that the answer names every required field
  const issues = value === undefined ? (schema.safeParse({}).error?.issues ?? result.error.issues) : result.error.issues;
  const missing = issues.filter((issue) => isMissing(issue, value ?? {}));
  if (missing.length === 0) throw validationError(fieldErrors(result.error));
  const names = missing.map((issue) => issue.path.map(String).join('.')).filter(Boolean);
  throw new AppError('invalid_input', { detail: names.length ? `Missing fields: ${names.join(', ')}.` : 'Missing fields: the request has no body.' });
}
