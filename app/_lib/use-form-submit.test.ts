import { describe, expect, it } from 'vitest';
import { updateProfileInput } from '@/server/services/users/schemas';
import { ProblemError, fieldError } from './problem';
import { validated } from './use-form-submit';

describe('validated: a form refused before sending looks like the service’s own 422', () => {
  it('answers the parsed input when the service schema accepts it', () => {
    expect(validated(updateProfileInput, { max_heart_rate: 185 })).toMatchObject({ max_heart_rate: 185 });
  });

  it('throws a 422 problem naming each refused field', () => {
    let thrown: unknown;
    try {
      validated(updateProfileInput, { max_heart_rate: 10_000 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProblemError);
    const problem = (thrown as ProblemError).problem;
    expect(problem.status).toBe(422);
    expect(fieldError(problem, 'max_heart_rate')).toBeTruthy();
    expect(fieldError(problem, 'timezone')).toBeUndefined();
  });
});
