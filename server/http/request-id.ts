import { randomUUID } from 'node:crypto';

// CONTRACT: Errors: echo a sane incoming X-Request-ID, otherwise mint a UUID.
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export function requestIdFrom(headers: Headers): string {
  const incoming = headers.get('x-request-id');
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
