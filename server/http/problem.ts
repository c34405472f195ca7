import { AppError, databaseUnavailable, errorKinds, isAppError, isNoSpace, storageFull } from '../errors';
import { isDatabaseUnavailable } from '@/db/unavailable';
import { log } from '../log/logger';

// The only writer of application/problem+json (RFC 9457). A database that cannot be reached is a
// 503, and so is a full disk; other unknown errors become a generic 500;
// their stack goes to the log with the request id, never to the client.

export interface ProblemContext {
  instance: string;
  requestId: string;
}

export function problemBody(error: AppError, ctx: ProblemContext): Record<string, unknown> {
  const kind = errorKinds[error.kind];
  const body: Record<string, unknown> = {
    type: kind.type,
    title: kind.title,
    status: kind.status,
    detail: error.detail,
    instance: ctx.instance,
    request_id: ctx.requestId,
  };
  if (error.code) body.code = error.code;
  if (error.kind === 'validation_failed') body.errors = error.errors?.length ? error.errors : [{ field: '', message: error.detail }];
  return body;
}

export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (isDatabaseUnavailable(error)) {
    log().warn({ err: error }, 'the database is not available');
    return databaseUnavailable(error);
  }
  if (isNoSpace(error)) {
    log().error({ err: error }, 'the data directory is full');
    return storageFull(error);
  }
  log().error({ err: error }, 'unhandled error');
  return new AppError('internal', { detail: 'An unexpected error occurred. The request id identifies it in the server log.' });
}

export function problemResponse(error: unknown, ctx: ProblemContext): Response {
  const appError = toAppError(error);
  const headers = new Headers(appError.headers);
  headers.set('content-type', 'application/problem+json');
  headers.set('x-request-id', ctx.requestId);
  headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(problemBody(appError, ctx)), { status: appError.status, headers });
}
