import { InngestTestEngine } from '@inngest/test';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, jobs } from '@/db/schema';
import { jobEventName } from '@/server/job-queue/inngest-client';
import { providerSyncFunction } from '@/inngest/functions/provider-sync';
import { resetRateLimitStateForTests } from '@/server/rate-limit';
import { setClockForTests } from '@/server/clock';
import { useDatabaseForTests } from '@/server/runtime';
import { startStravaSync } from '@/server/services/strava/start-strava-sync';
import { makeHistory } from '@/server/testing/strava-double/strava-data';
import type { StravaDouble } from '@/server/testing/strava-double/strava-double';
import { linkStravaThroughDouble, startStravaDouble, userWithToken } from '@/server/testing/strava-double/start-strava-double';
import { openTestDatabase, type TestDatabase } from '@/server/testing/test-database';

// The provider_sync body under Inngest (@inngest/test runs the real function, memoizing steps):
// the same quota waits become Inngest sleeps, mocked here to move the clock past them.

let clock = Date.parse('2026-10-01T09:05:00Z');

describe('provider_sync as an Inngest function', () => {
  let database: TestDatabase;
  let double: StravaDouble;

  beforeAll(async () => {
    setClockForTests(() => clock);
    double = await startStravaDouble({ budgets: { overall: { fifteenMinutes: 200, daily: 2000 }, read: { fifteenMinutes: 20, daily: 1000 } } });
    resetRateLimitStateForTests();
    database = await openTestDatabase('pglite');
    useDatabaseForTests(database);
  });
  afterAll(async () => {
    setClockForTests(undefined);
    await double.stop();
    await database.close();
  });

  it('syncs 24 activities through two quota sleeps and stores each once', async () => {
    double.addAthlete(31, makeHistory(31, 24, new Date('2025-03-01T06:00:00Z')));
    const user = await userWithToken(database.db, 'inngest-sync');
    await linkStravaThroughDouble(database.db, user.userId);
    const { job_id } = await startStravaSync(database.db, user.userId, { start_date: '2025-03-01', end_date: '2025-03-31' });

    const sleeps = Array.from({ length: 5 }, (_, i) => ({ id: `quota wait ${i + 1}`, handler: () => void (clock += 15 * 60_000) }));
    const t = new InngestTestEngine({ function: providerSyncFunction, events: [{ name: jobEventName('provider_sync'), data: { job_id } }] });
    const { result, ctx } = await t.execute({ steps: sleeps });
    expect(result).toBe('succeeded');
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith('quota wait 2', expect.any(String));
    const [job] = await database.db.select().from(jobs).where(eq(jobs.id, job_id));
    expect(job!.progress).toMatchObject({ total: 24, done: 24, created: 24, failed: 0, waiting_for_quota_until: null });
    const [stored] = await database.db
      .select({ n: sql<number>`count(distinct ${activities.dedupKey})::int` })
      .from(activities)
      .where(eq(activities.userId, user.userId));
    expect(stored!.n).toBe(24);
  });
});
