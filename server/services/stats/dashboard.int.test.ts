import { afterEach, describe, expect, it } from 'vitest';
import * as recentRoute from '@/app/api/v1/records/recent/route';
import * as calendarRoute from '@/app/api/v1/stats/calendar/route';
import * as dashboardRoute from '@/app/api/v1/stats/dashboard/route';
import * as statsRoute from '@/app/api/v1/stats/route';
import * as summaryRoute from '@/app/api/v1/stats/summary/route';
import { setClockForTests } from '@/server/clock';
import { parsedActivity } from '@/server/formats/test-support/parsed-activity';
import { noParams, ROUTE_BASE, routeTestDatabase } from '@/server/testing/route-tests';
import { signedInUser } from '@/server/testing/signed-in-user';
import { testEngines } from '@/server/testing/test-database';
import { ingestActivities } from '../ingestion/ingest-activities';
import { updateUser } from '../users/update-user';
import type { DashboardResponse } from './schemas';

// GET /stats/dashboard (tRPC progress.dashboard) is the separate reads the web app's home used to
// make, for today in the profile's timezone: the same answers, one request.

type Reader = { GET: (request: Request, context: typeof noParams) => Promise<Response> };

describe.each(testEngines())('the dashboard on %s', (engine) => {
  const database = routeTestDatabase(engine);
  afterEach(() => setClockForTests(undefined));

  it("is today's summary, the 12 weeks to today's, today's month and the 6 recent records, today being the profile's", async () => {
    const user = await signedInUser(database().db);
    await updateUser(database().db, user.userId, { timezone: 'Pacific/Auckland' });
    const starts = ['2024-03-03T20:00:00Z', '2024-04-20T06:00:00Z', '2024-05-30T13:00:00Z', '2024-05-31T10:30:00Z'];
    await ingestActivities(
      database().db,
      user.userId,
      starts.map((start, i) =>
        parsedActivity({ name: `Run ${i}`, activityType: 'run', startTime: new Date(start), totalElapsedTime: 1800, distance: 5000 + i, movingTime: 1700 }),
      ),
      { source: 'upload' },
      { awaitSubscribers: true },
    );
    // 2024-05-31 12:00 UTC is Saturday 1 June 00:00 in Auckland: the month and today are June's
    setClockForTests(new Date('2024-05-31T12:00:00Z'));
    const read = async <T>(route: Reader, path: string) => {
      const res = await route.GET(new Request(ROUTE_BASE + path, { headers: { authorization: `Bearer ${user.token}`, 'x-client-type': 'mobile' } }), noParams);
      expect(res.status).toBe(200);
      return (await res.json()) as T;
    };
    const dashboard = await read<DashboardResponse>(dashboardRoute, '/api/v1/stats/dashboard');
    expect(dashboard.today).toBe('2024-06-01');
    expect(dashboard).toEqual({
      today: '2024-06-01',
      summary: await read(summaryRoute, '/api/v1/stats/summary'),
      // Monday 2024-03-11 to the week of Monday 2024-05-27
      weeks: await read(statsRoute, '/api/v1/stats?period=week&start_date=2024-03-11&end_date=2024-06-01'),
      calendar: await read(calendarRoute, '/api/v1/stats/calendar?month=2024-06'),
      recent_records: await read(recentRoute, '/api/v1/records/recent?limit=6'),
    });
    expect(dashboard.weeks).toHaveLength(12);
    expect(dashboard.weeks.reduce((n, w) => n + w.count, 0)).toBe(3);
    // the first run (4 March in Auckland) is before the 12 weeks; the last starts 22:30 on 31 May there, so June holds none
    expect(dashboard.calendar.flatMap((d) => d.activities)).toHaveLength(0);
    expect(dashboard.summary.this_week.count).toBe(2);
  });
});
