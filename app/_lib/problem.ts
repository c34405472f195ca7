// RFC 9457 problem documents, whichever transport brought them: REST answers them as
// application/problem+json, tRPC errors carry the same fields in `data.problem`.
export interface Problem {
  status: number;
  detail: string;
  type?: string;
  code?: string | null;
  /** one per refused field; `code`, `limit` and `origin` kept from a zod issue when the web app has it */
  errors?: { field: string; message: string; code?: string; limit?: number; origin?: string }[] | null;
  /** seconds the service asked to wait (tRPC's 429 and 503 carry Retry-After here) */
  retry_after?: number | null;
}

const VALIDATION_TYPE = 'urn:service:error:validation-failed';

/** A zod issue as a field error: its path, message and what makes it translatable. */
export function issueError(issue: { path?: readonly PropertyKey[]; message: string; code?: string; maximum?: unknown; minimum?: unknown; origin?: unknown }) {
  const limit = issue.maximum ?? issue.minimum;
  return {
    field: (issue.path ?? []).map(String).join('/'),
    message: issue.message,
    ...(issue.code ? { code: issue.code } : {}),
    ...(typeof limit === 'number' || typeof limit === 'bigint' ? { limit: Number(limit) } : {}),
    ...(typeof issue.origin === 'string' ? { origin: issue.origin } : {}),
  };
}

/** A 422 the web app found itself (tRPC input or its own parse), typed like the service's so every language names it. */
export function validationProblem(issues: Parameters<typeof issueError>[0][]): Problem {
  return { status: 422, type: VALIDATION_TYPE, detail: 'Please check the highlighted fields.', errors: issues.map(issueError) };
}

export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
    this.name = 'ProblemError';
  }
}

/** Reads the problem document of a failed fetch, falling back to the status text. */
export async function problemFrom(response: Response): Promise<Problem> {
  try {
    const body = (await response.json()) as Partial<Problem> & { title?: string };
    return { ...body, status: response.status, detail: body.detail ?? body.title ?? response.statusText };
  } catch {
    return { status: response.status, detail: response.statusText || `Request failed (${response.status})` };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** tRPC input validation answers the zod issues as a JSON message: show them as field errors. */
function inputProblem(status: number, message: string): Problem {
  try {
    const issues = JSON.parse(message) as Parameters<typeof issueError>[0][];
    if (Array.isArray(issues)) return validationProblem(issues);
  } catch {
    // a plain message
  }
  return { status, detail: message };
}

/** The problem behind any error the UI may meet (tRPC client error, ProblemError, network error). */
export function problemOf(error: unknown): Problem {
  if (error instanceof ProblemError) return error.problem;
  if (isRecord(error) && isRecord(error.data)) {
    const data = error.data;
    if (isRecord(data.problem)) return data.problem as unknown as Problem;
    if (typeof data.httpStatus === 'number') return inputProblem(data.httpStatus, String(error.message));
  }
  if (error instanceof Error)
    return { status: 0, detail: error.message === 'Failed to fetch' ? 'The service cannot be reached. Check your connection.' : error.message };
  return { status: 0, detail: 'Something went wrong.' };
}

/** The message for one field of a 422 problem, if the service named it. */
export function fieldError(problem: Problem | null, field: string): string | undefined {
  return problem?.errors?.find((e) => e.field === field || e.field === `/${field}` || e.field.replace(/^\//, '').split('/')[0] === field)?.message;
}
