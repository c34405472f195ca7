import type { z } from 'zod';
import type { Problem } from './problem';

/** A form's own zod check, shown like the server's 422: one message per field. */
export function zodProblem(error: z.ZodError): Problem {
  return { status: 422, detail: 'Please check the form.', errors: error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message })) };
}
