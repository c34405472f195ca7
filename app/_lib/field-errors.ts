import type { Problem } from './problem';

// A refused form's problem (RFC 9457 `errors`: one { field, message } per refused member) mapped
// to the form's own fields, in the person's language. The service's messages are English and
// sometimes zod's own ("Too big: expected number to be <=1800"): what they say is read from the
// issue's code and limit (kept by the web app's own parses) or from zod's wording, and said again
// with the catalogue; a message of the service's own rules reads as "not accepted" outside English.

export type FieldProblem = NonNullable<Problem['errors']>[number];

export type FieldReason =
  | { key: 'tooBig' | 'tooSmall' | 'tooLong' | 'tooShort'; limit: number }
  | { key: 'required' | 'notANumber' | 'badFormat' | 'inFuture' | 'oneValueNeeded' }
  | { key: 'service'; message: string };

const ZOD_LIMIT = /^Too (big|small): expected (\w+) to (?:be|have) ([<>]=?)(-?[\d.]+)/;

/** What a field error says, as a catalogue key and its values. */
export function fieldReason(error: FieldProblem): FieldReason {
  const limit = typeof error.limit === 'number' ? error.limit : undefined;
  const origin = error.origin;
  if (error.code === 'too_big' && limit != null) return { key: origin === 'string' ? 'tooLong' : 'tooBig', limit };
  if (error.code === 'too_small' && limit != null) {
    if (origin === 'string' && limit <= 1) return { key: 'required' };
    return { key: origin === 'string' ? 'tooShort' : 'tooSmall', limit };
  }
  const zod = ZOD_LIMIT.exec(error.message);
  if (zod) {
    const [, size, type, , value] = zod;
    const n = Number(value);
    if (type === 'string') return size === 'big' ? { key: 'tooLong', limit: n } : n <= 1 ? { key: 'required' } : { key: 'tooShort', limit: n };
    return { key: size === 'big' ? 'tooBig' : 'tooSmall', limit: n };
  }
  if (error.code === 'invalid_type' || /^Invalid input: expected (number|int)/.test(error.message)) {
    return /received (undefined|null)/.test(error.message) ? { key: 'required' } : { key: 'notANumber' };
  }
  if (error.code === 'invalid_format' || /^Invalid (date|ISO|string|format)/.test(error.message)) return { key: 'badFormat' };
  if (/in the future/.test(error.message)) return { key: 'inFuture' };
  if (/needs at least one value/.test(error.message)) return { key: 'oneValueNeeded' };
  return { key: 'service', message: withoutFieldName(error.message, error.field) };
}

/**
 * A service message without its field's name in front ("url: the target is not allowed"): the
 * form shows it beside the field and after the field's label, which name the field already.
 */
function withoutFieldName(message: string, field: string): string {
  const named = fieldNames(field).find((name) => message.startsWith(`${name}: `));
  return named ? message.slice(named.length + 2) : message;
}

/**
 * The problem a form's alert leads with once its fields carry their own messages: a detail that
 * only repeats one of them (a single-field refusal such as the webhook URL's) would print the
 * message twice (issue 50), so the form's general request (`general`) stands in its place.
 */
export function leadOfFieldProblem(problem: Problem, general: string): Problem {
  const repeats = problem.errors?.some((e) => e.message === problem.detail);
  return { ...problem, errors: null, ...(repeats ? { detail: general } : {}) };
}

/** The names a field error may give its field under: "/max_hr", "max_hr", "thresholds/0/max_hr". */
export function fieldNames(field: string): string[] {
  const path = field.replace(/^\//, '').split(/[/.]/).filter(Boolean);
  if (!path.length) return [];
  return [...new Set([path.join('.'), path[0]!, path.at(-1)!])];
}
