import type { Db } from '@/db/client';
import { now } from '@/server/clock';
import { addDays, localDay, mondayOf } from '@/server/util/local-day';
import { listRecentRecords } from '../efforts/list-recent-records';
import { getCalendar } from './get-calendar';
import { getStats } from './get-stats';
import { getStatsSummary } from './get-stats-summary';
import type { DashboardResponse } from './schemas';
import { userTimezone } from './user-timezone';

/** Weeks of the dashboard's bar chart, this one included. */
export const DASHBOARD_WEEKS = 12;
/** Recent personal records on the dashboard: one an activity. */
export const DASHBOARD_RECORDS = 6;

/**
 * The web app's home in one read (CONTRACT: Beyond the spec … Statistics and calendar; … Best
 * efforts and records): the page needs today in the profile's timezone to ask for its weeks and
 * month, so asking the server for today saves the browser a round trip before its first figure.
 */
export async function getDashboard(db: Db, userId: number): Promise<DashboardResponse> {
  const timezone = await userTimezone(db, userId);
  const today = localDay(now(), timezone);
  return {
    today,
    summary: await getStatsSummary(db, userId, timezone),
    weeks: await getStats(db, userId, { period: 'week', start_date: addDays(mondayOf(today), -7 * (DASHBOARD_WEEKS - 1)), end_date: today }),
    calendar: await getCalendar(db, userId, today.slice(0, 7), timezone),
    recent_records: await listRecentRecords(db, userId, DASHBOARD_RECORDS, { onePerActivity: true }),
  };
}
