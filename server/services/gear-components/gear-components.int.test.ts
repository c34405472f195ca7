import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as componentsRoute from '@/app/api/v1/gears/[gear_id]/components/route';
import * as componentRoute from '@/app/api/v1/gears/[gear_id]/components/[component_id]/route';
import * as replaceRoute from '@/app/api/v1/gears/[gear_id]/components/[component_id]/replace/route';
import { notifications, users, webhookDeliveries, webhooks } from '@/db/schema';
import { parsedActivity } from '@/server/formats/test-support/parsed-activity';
import { signedInUser } from '@/server/testing/signed-in-user';
import { bearerRequest, routeTestDatabase } from '@/server/testing/route-tests';
import { testEngines } from '@/server/testing/test-database';
import { updateActivity } from '../activities/update-activity';
import { createGear } from '../gear/create-gear';
import { ingestActivities } from '../ingestion/ingest-activities';
import type { ComponentResponse } from './schemas';

const request = bearerRequest;

describe.each(testEngines())('gear components on %s', (engine) => {
  const testDatabase = routeTestDatabase(engine);
  const database = {
    get db() {
      return testDatabase().db;
    },
  };

  const setUp = async (timezone = 'UTC') => {
    const user = await signedInUser(database.db);
    await database.db.update(users).set({ timezone }).where(eq(users.id, user.userId));
    const gear = await createGear(database.db, user.userId, { nickname: 'Bike', gear_type: 'bike' });
    return { ...user, gearId: gear.id };
  };
  const ride = async (userId: number, gearId: number | null, start: string, distance: number, moving = 3600) => {
    const [item] = await ingestActivities(
      database.db,
      userId,
      [parsedActivity({ name: start, activityType: 'ride', startTime: new Date(start), totalElapsedTime: moving + 60, distance, movingTime: moving })],
      { source: 'upload' },
      { awaitSubscribers: true },
    );
    if (gearId !== null) await updateActivity(database.db, userId, item!.row.id, { gear_id: gearId }, undefined);
    return item!.row.id;
  };
  const params = (gearId: number, componentId?: number) => ({
    params: Promise.resolve(componentId === undefined ? { gear_id: String(gearId) } : { gear_id: String(gearId), component_id: String(componentId) }),
  });
  const install = async (u: { token: string; gearId: number }, body: unknown) =>
    componentsRoute.POST(request('POST', `/api/v1/gears/${u.gearId}/components`, u.token, body), params(u.gearId));
  const list = async (u: { token: string; gearId: number }) =>
    (await (await componentsRoute.GET(request('GET', `/api/v1/gears/${u.gearId}/components`, u.token), params(u.gearId))).json()) as ComponentResponse[];

  it('CONTRACT: Explorer, goals …: use counts the gear’s activities from installed_at (a date is local midnight) and before retired_at', async () => {
    const u = await setUp('Europe/Berlin');
    await ride(u.userId, u.gearId, '2025-03-31T21:30:00Z', 10000); // 23:30 on 31 March in Berlin: before the day installed
    await ride(u.userId, u.gearId, '2025-03-31T22:30:00Z', 20000); // 00:30 on 1 April in Berlin
    await ride(u.userId, null, '2025-04-02T08:00:00Z', 40000); // another gear's (none)
    await ride(u.userId, u.gearId, '2025-04-10T08:00:00Z', 80000, 1800);
    await ride(u.userId, u.gearId, '2025-04-20T08:00:00Z', 160000);
    const res = await install(u, {
      name: 'KMC X11',
      kind: 'chain',
      installed_at: '2025-04-01',
      retired_at: '2025-04-20T08:00:00Z',
      expected_distance: 3_000_000,
    });
    expect(res.status).toBe(201);
    const chain = (await res.json()) as ComponentResponse;
    expect(chain).toEqual({
      id: chain.id,
      name: 'KMC X11',
      kind: 'chain',
      installed_at: '2025-03-31T22:00:00.000Z',
      retired_at: '2025-04-20T08:00:00.000Z',
      expected_distance: 3_000_000,
      expected_time: null,
      distance: 100000,
      moving_time: 5400,
    });
    const patched = await componentRoute.PATCH(
      request('PATCH', `/api/v1/gears/${u.gearId}/components/${chain.id}`, u.token, { retired_at: null }),
      params(u.gearId, chain.id),
    );
    expect(await patched.json()).toMatchObject({ retired_at: null, distance: 260000 });
    // spec: Errors: a missing field (neither expected figure) is a 400, a wrong value a 422
    expect((await install(u, { name: 'x', kind: 'chain', installed_at: '2025-04-01' })).status).toBe(400);
    expect((await install(u, { name: 'x', kind: 'chain', installed_at: 'yesterday', expected_time: 10 })).status).toBe(422);
    expect((await install(u, { name: 'x', kind: 'chain', installed_at: '2025-04-02', retired_at: '2025-04-01', expected_time: 10 })).status).toBe(422);
    const stranger = await setUp();
    expect((await install({ token: stranger.token, gearId: u.gearId }, { name: 'x', kind: 'y', installed_at: '2025-04-01', expected_time: 1 })).status).toBe(
      404,
    );
    expect(
      (
        await componentRoute.DELETE(
          request('DELETE', `/api/v1/gears/${stranger.gearId}/components/${chain.id}`, stranger.token),
          params(stranger.gearId, chain.id),
        )
      ).status,
    ).toBe(404);
  });

  it('CONTRACT: Explorer, goals …: the service-due notice (notification and gear.service_due) fires once, when use first reaches an expected figure', async () => {
    const u = await setUp();
    await database.db
      .insert(webhooks)
      .values({ id: randomUUID(), userId: u.userId, url: 'https://hooks.example/gear', events: ['gear.service_due'], secret: 'x' });
    const chain = (await (
      await install(u, { name: 'Chain', kind: 'chain', installed_at: '2025-01-01', expected_distance: 3000, expected_time: 100000 })
    ).json()) as ComponentResponse;
    const announced = async () => ({
      notices: (
        await database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, u.userId), eq(notifications.kind, 'gear_service_due')))
      ).length,
      deliveries: (await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event, 'gear.service_due'))).filter((d) =>
        d.body.includes(`"component_id":${chain.id}`),
      ).length,
    });
    await ride(u.userId, u.gearId, '2025-02-01T08:00:00Z', 2000);
    expect(await announced()).toEqual({ notices: 0, deliveries: 0 });
    await ride(u.userId, u.gearId, '2025-02-02T08:00:00Z', 1000);
    expect(await announced()).toEqual({ notices: 1, deliveries: 1 });
    await ride(u.userId, u.gearId, '2025-02-03T08:00:00Z', 5000, 200000);
    await componentRoute.PATCH(
      request('PATCH', `/api/v1/gears/${u.gearId}/components/${chain.id}`, u.token, { expected_distance: 1e6 }),
      params(u.gearId, chain.id),
    );
    expect(await announced()).toEqual({ notices: 1, deliveries: 1 });
    // replace: the old one retired now, a new one like it from now, which has no use yet and is not due
    const replaced = await replaceRoute.POST(
      request('POST', `/api/v1/gears/${u.gearId}/components/${chain.id}/replace`, u.token, { at: '2025-02-04T00:00:00Z' }),
      params(u.gearId, chain.id),
    );
    expect(replaced.status).toBe(201);
    const fresh = (await replaced.json()) as ComponentResponse;
    expect(fresh).toMatchObject({
      name: 'Chain',
      kind: 'chain',
      installed_at: '2025-02-04T00:00:00.000Z',
      retired_at: null,
      expected_distance: 1e6,
      distance: 0,
    });
    expect((await list(u)).map((c) => [c.id, c.retired_at, c.distance])).toEqual([
      [chain.id, '2025-02-04T00:00:00.000Z', 8000],
      [fresh.id, null, 0],
    ]);
    expect(
      (await replaceRoute.POST(request('POST', `/api/v1/gears/${u.gearId}/components/${chain.id}/replace`, u.token, {}), params(u.gearId, chain.id))).status,
    ).toBe(409);
  });
});
