import type { z } from 'zod';
import { validationProblem, type Problem } from './problem';

/** A form's own zod check, shown like the server's 422: one message per field. */
export function zodProblem(error: z.ZodError): Problem {
  return validationProblem(error.issues);
}
