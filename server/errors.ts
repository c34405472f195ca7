import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';

// One error type, one table. Services throw AppError(kind, …); REST turns it into an RFC 9457
// problem document (server/http/problem.ts) and tRPC into its own error shape (server/trpc/init.ts).
// URNs and titles are the spec's Errors table and CONTRACT: Errors; they never change.

export const errorKinds = {
  invalid_input: { status: 400, type: 'urn:service:error:invalid-input', title: 'Bad Request', trpc: 'BAD_REQUEST' },
  unauthorized: { status: 401, type: 'urn:service:error:unauthorized', title: 'Unauthorized', trpc: 'UNAUTHORIZED' },
  permission_denied: { status: 403, type: 'urn:service:error:permission-denied', title: 'Forbidden', trpc: 'FORBIDDEN' },
  not_found: { status: 404, type: 'urn:service:error:not-found', title: 'Not Found', trpc: 'NOT_FOUND' },
  method_not_allowed: { status: 405, type: 'urn:service:error:method-not-allowed', title: 'Method Not Allowed', trpc: 'METHOD_NOT_SUPPORTED' },
  unsupported_format: { status: 406, type: 'urn:service:error:unsupported-format', title: 'Not Acceptable', trpc: 'BAD_REQUEST' },
  conflict: { status: 409, type: 'urn:service:error:conflict', title: 'Conflict', trpc: 'CONFLICT' },
  precondition_failed: { status: 412, type: 'urn:service:error:precondition-failed', title: 'Precondition Failed', trpc: 'PRECONDITION_FAILED' },
  payload_too_large: { status: 413, type: 'urn:service:error:payload-too-large', title: 'Content Too Large', trpc: 'PAYLOAD_TOO_LARGE' },
  unsupported_media_type: { status: 415, type: 'urn:service:error:unsupported-media-type', title: 'Unsupported Media Type', trpc: 'UNSUPPORTED_MEDIA_TYPE' },
  validation_failed: { status: 422, type: 'urn:service:error:validation-failed', title: 'Unprocessable Content', trpc: 'UNPROCESSABLE_CONTENT' },
  failed_dependency: { status: 424, type: 'urn:service:error:failed-dependency', title: 'Failed Dependency', trpc: 'BAD_REQUEST' },
  rate_limited: { status: 429, type: 'urn:service:error:rate-limited', title: 'Too Many Requests', trpc: 'TOO_MANY_REQUESTS' },
  internal: { status: 500, type: 'urn:service:error:internal-error', title: 'Internal Server Error', trpc: 'INTERNAL_SERVER_ERROR' },
  upstream: { status: 502, type: 'urn:service:error:upstream-error', title: 'Bad Gateway', trpc: 'BAD_GATEWAY' },
  service_unavailable: { status: 503, type: 'urn:service:error:service-unavailable', title: 'Service Unavailable', trpc: 'SERVICE_UNAVAILABLE' },
} as const satisfies Record<string, { status: number; type: string; title: string; trpc: TRPC_ERROR_CODE_KEY }>;

export type ErrorKind = keyof typeof errorKinds;

/** Machine-readable subtypes (the problem's `code` member) named by CONTRACT.md. */
export const PROBLEM_CODES = [
  'mfa_locked',
  'account_locked',
  'token_expired',
  'token_reused',
  'csrf_missing',
  'csrf_invalid',
  'scope_missing',
  'step_up_failed',
  'provider_not_linked',
  'provider_rate_limited',
  'provider_auth_failed',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export interface FieldError {
  field: string;
  message: string;
}

export interface AppErrorOptions {
  detail?: string;
  code?: ProblemCode;
  errors?: FieldError[];
  headers?: Record<string, string>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly detail: string;
  readonly code?: ProblemCode;
  readonly errors?: FieldError[];
  readonly headers: Record<string, string>;

  constructor(kind: ErrorKind, options: AppErrorOptions = {}) {
    const detail = options.detail ?? errorKinds[kind].title;
    super(detail, { cause: options.cause });
    this.name = 'AppError';
    this.kind = kind;
    this.detail = detail;
    this.code = options.code;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return errorKinds[this.kind].status;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** A 422 with field errors, as zod issues or hand-made ones. */
export function validationError(errors: FieldError[], detail = 'The request has invalid fields.'): AppError {
  return new AppError('validation_failed', { detail, errors });
}

/** The database cannot be reached: 503 on every route, with a hint when to retry. */
export function databaseUnavailable(cause?: unknown): AppError {
  return new AppError('service_unavailable', { detail: 'The database is not available. Try again shortly.', headers: { 'retry-after': '5' }, cause });
}

/** Codes of a write that found no room: the disk or the user's quota is full. */
const NO_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT']);

export function isNoSpace(error: unknown): boolean {
  return NO_SPACE_CODES.has(String((error as { code?: unknown } | null)?.code));
}

/**
 * The data directory is full. 503, not the 507 the spec's table lacks: the server
 * cannot take the file right now, nothing was stored, and the same request may succeed later.
 */
export function storageFull(cause?: unknown): AppError {
  return new AppError('service_unavailable', {
    detail: 'The server has no room to store the file right now. Nothing was stored; try again later.',
    headers: { 'retry-after': '60' },
    cause,
  });
}
