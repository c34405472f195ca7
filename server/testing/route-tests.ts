import { afterAll, beforeAll } from 'vitest';
import type { Database, Engine } from '@/db/client';
import * as loginRoute from '@/app/api/v1/auth/login/route';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { openTestDatabase } from './test-database';
import { useTestEnv } from './test-env';

/** The origin route tests address their requests to (the handlers read only the path). */
export const ROUTE_BASE = 'http://127.0.0.1:3000';

/** What route tests pass as a handler's second argument when the path has no parameters. */
export const noParams = { params: Promise.resolve({}) };

/**
 * The process-wide database of a test that goes through route handlers or tRPC callers (they take
 * `db()` from the runtime), on one engine, with rate limits off so that the test's many requests
 * from one address meet the rule under test and not a limit. Call it inside `describe`; it returns
 * a getter because the database opens in `beforeAll`.
 */
export function routeTestDatabase(engine: Engine, setUp?: (database: Database) => Promise<void>): () => Database {
  let database: Database | undefined;
  beforeAll(async () => {
    useTestEnv({ RATE_LIMIT_ENABLED: 'false' });
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
    await setUp?.(database);
  });
  afterAll(async () => database?.close());
  return () => {
    if (!database) throw new Error('the test database opens in beforeAll');
    return database;
  };
}

/** POST /auth/login with the form a browser or an app sends; `headers` say which client and peer. */
export function postLogin(username: string, password: string, headers: Record<string, string>): Promise<Response> {
  const body = new URLSearchParams({ username, password }).toString();
  const request = new Request(`${ROUTE_BASE}/api/v1/auth/login`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return loginRoute.POST(request, noParams);
}

/** A mobile client's request with a bearer token and, when given, a JSON body. */
export function bearerRequest(method: string, path: string, token: string, body?: unknown): Request {
  return new Request(ROUTE_BASE + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-client-type': 'mobile', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
