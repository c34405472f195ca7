import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import * as trpcRoute from '@/app/api/trpc/[trpc]/route';
import * as activitiesRoute from '@/app/api/v1/activities/route';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { useDatabaseForTests } from '@/server/runtime';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase, testEngines } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { appRouter } from '@/server/trpc/root';

// A tRPC id past an `integer` column's range (2^31 - 1) was a failed statement and
// a 500; it is a 400 now, as any other malformed input. Ids inside the range name no row: 404.

const BASE = 'http://127.0.0.1:3000';
const TOO_BIG = 2 ** 31;

// Every numeric id of every tRPC input, found by walking the input schemas (issue 49, case 15):
// a field named id, …Id or …_id (or …Ids/…_ids lists) that takes a number.
type Def = { type: string; shape?: Record<string, { _zod: { def: Def } }>; innerType?: { _zod: { def: Def } }; in?: { _zod: { def: Def } } };
type Schema = { _zod: { def: Def }; safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } };
const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { inputs: Schema[] } }> } })._def.procedures;
const ID_NAME = /^id$|Id$|_id$/;
const IDS_NAME = /Ids$|_ids$/;

function numericIdPaths(schema: { _zod: { def: Def } }, path: string[] = []): { path: string[]; list: boolean }[] {
  const def = schema._zod.def;
  if (def.innerType) return numericIdPaths(def.innerType, path);
  if (def.type === 'pipe' && def.in) return numericIdPaths(def.in, path);
  if (def.type !== 'object' || !def.shape) return [];
  return Object.entries(def.shape).flatMap(([key, field]) => [
    ...(ID_NAME.test(key) ? [{ path: [...path, key], list: false }] : IDS_NAME.test(key) ? [{ path: [...path, key], list: true }] : []),
    ...numericIdPaths(field, [...path, key]),
  ]);
}
const nest = (path: string[], value: unknown): unknown => path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
const issueAt = (schema: Schema, path: string[], value: unknown) =>
  (schema.safeParse(nest(path, value)).error?.issues ?? []).some((i) => i.path.slice(0, path.length).join('.') === path.join('.'));
const ID_INPUTS = Object.entries(procedures).flatMap(([name, procedure]) =>
  procedure._def.inputs.flatMap((schema) =>
    numericIdPaths(schema)
      // a number where the id goes is accepted: a numeric id
      .filter(({ path, list }) => !issueAt(schema, path, list ? [1] : 1))
      .map(({ path, list }) => [`${name} ${path.join('.')}`, schema, path, list] as const),
  ),
);

describe('every numeric id of a tRPC input refuses 2^31 (issue 49, case 15)', () => {
  it('finds the numeric ids', () => expect(ID_INPUTS.length).toBeGreaterThan(20));
  it.each(ID_INPUTS)('%s', (_name, schema, path, list) => expect(issueAt(schema, path, list ? [TOO_BIG] : TOO_BIG)).toBe(true));
});

describe.each(testEngines())('tRPC row ids on %s', (engine) => {
  let database: Database;
  let token = '';
  beforeAll(async () => {
    useTestEnv({ RATE_LIMIT_ENABLED: 'false' });
    resetRateLimitStateForTests();
    database = await openTestDatabase(engine);
    useDatabaseForTests(database);
    token = (await signedInUser(database.db)).token;
  });
  afterAll(async () => database.close());

  const headers = () => ({ authorization: `Bearer ${token}`, 'x-client-type': 'mobile', 'content-type': 'application/json' });
  const query = (procedure: string, input: unknown) =>
    trpcRoute.GET(new Request(`${BASE}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: headers() }));
  const mutation = (procedure: string, input: unknown) =>
    trpcRoute.POST(new Request(`${BASE}/api/trpc/${procedure}`, { method: 'POST', headers: headers(), body: JSON.stringify(input) }));

  it.each([
    ['activities.get', { id: TOO_BIG }],
    ['gear.get', { id: TOO_BIG }],
    ['maps.publicActivity', { id: TOO_BIG }],
    ['maps.publicStreams', { id: TOO_BIG }],
    ['progress.bestEfforts', { id: TOO_BIG }],
    ['trainingLoad.activityLoad', { id: TOO_BIG }],
  ])('query %s with an id of 2^31 → 400', async (procedure, input) => {
    const res = await query(procedure, input);
    expect(res.status).toBe(400);
    expect((await query(procedure, { id: TOO_BIG - 1 })).status).toBe(404);
  });

  it.each([
    ['activities.delete', { id: TOO_BIG }],
    ['gear.delete', { id: TOO_BIG }],
    ['health.deleteWeight', { id: TOO_BIG }],
    ['notifications.markRead', { id: TOO_BIG }],
    ['maps.deletePrivacyZone', { id: TOO_BIG }],
    ['trainingLoad.deleteThreshold', { id: TOO_BIG }],
    ['activities.update', { id: 1, expected_version: TOO_BIG, changes: {} }],
  ])('mutation %s past the integer range → 400', async (procedure, input) => {
    const res = await mutation(procedure, input);
    expect(res.status, await res.clone().text()).toBe(400);
  });

  it('REST: a page number past any offset is a 422, not a failed statement', async () => {
    const res = await activitiesRoute.GET(new Request(`${BASE}/api/v1/activities?page=99999999999999999999`, { headers: headers() }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBeLessThan(500);
  });
});
