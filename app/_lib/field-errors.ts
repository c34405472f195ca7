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
  return { key: 'service', message: error.message };
}

/** The names a field error may give its field under: "/max_hr", "max_hr", "thresholds/0/max_hr". */
export function fieldNames(field: string): string[] {
  const path = field.replace(/^\//, '').split(/[/.]/).filter(Boolean);
  if (!path.length) return [];
  return [...new Set([path.join('.'), path[0]!, path.at(-1)!])];
}
