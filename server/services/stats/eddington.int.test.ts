import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as eddingtonRoute from '@/app/api/v1/stats/eddington/route';
import { users } from '@/db/schema';
import type { ParsedActivity } from '@/server/formats';
import { parsedActivity } from '@/server/formats/test-support/parsed-activity';
import { bearerRequest, noParams, routeTestDatabase } from '@/server/testing/route-tests';
import { seededRandom } from '@/server/testing/seeded-random';
import { signedInUser } from '@/server/testing/signed-in-user';
import { testEngines } from '@/server/testing/test-database';
import { updateActivity } from '../activities/update-activity';
import { ingestActivities } from '../ingestion/ingest-activities';
import type { EddingtonResponse } from './schemas';

const TIMEZONE = 'America/Denver';
const localDay = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

/** The straightforward reference: try every E from the number of days down. */
function reference(dayDistances: number[]): { e: number; days_for_next: number } {
  let e = dayDistances.length;
  while (e > 0 && dayDistances.filter((d) => d >= e).length < e) e -= 1;
  return { e, days_for_next: e + 1 - dayDistances.filter((d) => d >= e + 1).length };
}

describe.each(testEngines())('the Eddington number on %s', (engine) => {
  const database = routeTestDatabase(engine);

  it('CONTRACT: Explorer, goals …: E, days_for_next and the yearly history equal a reference over a generated history (days of the profile timezone, km and mi, a family, hidden left out)', async () => {
    const db = database().db;
    const user = await signedInUser(db);
    await db.update(users).set({ timezone: TIMEZONE }).where(eq(users.id, user.userId));
    const random = seededRandom(54);
    const made: ParsedActivity[] = [];
    let at = Date.UTC(2021, 2, 1, 6);
    while (made.length < 600) {
      at += (1 + random() * 40) * 3_600_000; // up to two a day, some days apart, starts around local midnight too
      made.push(
        parsedActivity({
          name: `A${made.length}`,
          activityType: random() < 0.7 ? 'ride' : random() < 0.5 ? 'gravel_ride' : 'run',
          startTime: new Date(at),
          totalElapsedTime: 3600,
          movingTime: 3500,
          distance: Math.round(random() ** 2 * 160_000),
        }),
      );
    }
    const stored = await ingestActivities(db, user.userId, made, { source: 'upload' }, { awaitSubscribers: true });
    const hidden = new Set([3, 77, 301]);
    for (const i of hidden) await updateActivity(db, user.userId, stored[i]!.row.id, { is_hidden: true }, undefined);

    for (const [query, unitMetres, family] of [
      ['unit=km', 1000, null],
      ['unit=mi', 1609.344, null],
      ['unit=km&type=ride', 1000, ['ride', 'gravel_ride']],
    ] as const) {
      const byDay = new Map<string, number>();
      made.forEach((a, i) => {
        if (hidden.has(i) || (family && !(family as readonly string[]).includes(a.activityType))) return;
        const day = localDay(a.startTime);
        byDay.set(day, (byDay.get(day) ?? 0) + a.distance!);
      });
      const days = [...byDay].filter(([, m]) => m > 0).map(([day, m]) => [day, m / unitMetres] as const);
      const years = [...new Set(days.map(([day]) => Number(day.slice(0, 4))))].sort();
      const history = years.map((year) => ({ year, e: reference(days.filter(([day]) => Number(day.slice(0, 4)) <= year).map(([, d]) => d)).e }));
      const res = await eddingtonRoute.GET(bearerRequest('GET', `/api/v1/stats/eddington?${query}`, user.token), noParams);
      expect(res.status).toBe(200);
      const got = (await res.json()) as EddingtonResponse;
      expect(got).toEqual({ ...reference(days.map(([, d]) => d)), history });
      expect(got.e).toBeGreaterThan(10);
    }
    const bad = await eddingtonRoute.GET(bearerRequest('GET', '/api/v1/stats/eddington?unit=furlong', user.token), noParams);
    expect(bad.status).toBe(422);
  });

  it('an account without distance has E 0 and needs one day of 1 unit', async () => {
    const user = await signedInUser(database().db);
    const res = await eddingtonRoute.GET(bearerRequest('GET', '/api/v1/stats/eddington?unit=km', user.token), noParams);
    expect(await res.json()).toEqual({ e: 0, days_for_next: 1, history: [] });
  });
});
