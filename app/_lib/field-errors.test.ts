import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldNames, fieldReason, leadOfFieldProblem } from './field-errors';
import { validationProblem } from './problem';

describe('field errors in the person’s language (issue 50: no raw zod strings)', () => {
  it('reads a limit from the issue the web app kept, or from zod’s English wording', () => {
    const parsed = z.object({ ftp: z.number().max(1800), name: z.string().min(1) }).safeParse({ ftp: 2000, name: '' });
    const [ftp, name] = validationProblem(parsed.error!.issues).errors!;
    expect(fieldReason(ftp!)).toEqual({ key: 'tooBig', limit: 1800 });
    expect(fieldReason(name!)).toEqual({ key: 'required' });
    // a REST problem carries only the message
    expect(fieldReason({ field: '/ftp', message: 'Too big: expected number to be <=1800' })).toEqual({ key: 'tooBig', limit: 1800 });
    expect(fieldReason({ field: '/name', message: 'Too big: expected string to have <=100 characters' })).toEqual({ key: 'tooLong', limit: 100 });
    expect(fieldReason({ field: 'date', message: 'date must not be in the future' })).toEqual({ key: 'inFuture' });
    expect(fieldReason({ field: '', message: 'an entry needs at least one value (max_hr, ftp)' })).toEqual({ key: 'oneValueNeeded' });
    expect(fieldReason({ field: 'resting_hr', message: 'resting_hr must be below max_hr' })).toEqual({
      key: 'service',
      message: 'resting_hr must be below max_hr',
    });
  });

  it('finds the form field under a JSON pointer, a tRPC path or a nested path', () => {
    expect(fieldNames('/max_hr')).toEqual(['max_hr']);
    expect(fieldNames('thresholds/0/ftp')).toEqual(['thresholds.0.ftp', 'thresholds', 'ftp']);
    expect(fieldNames('')).toEqual([]);
  });

  it('says a refusal once: no field name before a service message, no detail that repeats a field message (the webhook URL)', () => {
    const refused = { status: 422, detail: 'url: the target is not allowed', errors: [{ field: '/url', message: 'url: the target is not allowed' }] };
    expect(fieldReason(refused.errors[0]!)).toEqual({ key: 'service', message: 'the target is not allowed' });
    expect(leadOfFieldProblem(refused, 'Please check the form.')).toEqual({ status: 422, detail: 'Please check the form.', errors: null });
    // a detail of its own stays
    const own = { status: 422, detail: 'The request has invalid fields.', errors: [{ field: '/ftp', message: 'Too big: expected number to be <=1800' }] };
    expect(leadOfFieldProblem(own, 'Please check the form.')).toEqual({ ...own, errors: null });
    // a name inside the message is left alone
    expect(fieldReason({ field: '/resting_hr', message: 'max_hr: must be above resting_hr' })).toEqual({
      key: 'service',
      message: 'max_hr: must be above resting_hr',
    });
  });
});
