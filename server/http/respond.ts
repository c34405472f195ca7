// Small helpers for the success side of route handlers.

export function json(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

/** JSON text that is already written (a kept answer, or the database wrote it: bench/reads). */
export function jsonText(body: string, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json');
  return new Response(body, { status: init.status ?? 200, headers });
}

export function noContent(headers?: HeadersInit): Response {
  return new Response(null, { status: 204, headers });
}

/** A redirect to an absolute URL, or to a path of this service's PUBLIC_URL. */
export function redirect(location: string, headers?: HeadersInit): Response {
  const response = new Response(null, { status: 302, headers });
  response.headers.set('location', location);
  response.headers.set('cache-control', 'no-store');
  return response;
}
