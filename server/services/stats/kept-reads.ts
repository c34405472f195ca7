import { readKeptPerVersion } from '../sessions/read-kept-per-version';
import { getCalendar } from './get-calendar';
import { getDashboard } from './get-dashboard';
import { getStats } from './get-stats';
import { getStatsSummary } from './get-stats-summary';
import type { CalendarInput, StatsInput } from './schemas';

// The statistics for the caller's session, kept per version of their activities (REST and tRPC).

export const keptStats = readKeptPerVersion('stats', (db, userId, input: StatsInput) => getStats(db, userId, input));
export const keptCalendar = readKeptPerVersion('calendar', (db, userId, input: CalendarInput) => getCalendar(db, userId, input.month));
/** this week, month and year follow today */
export const keptSummary = readKeptPerVersion('summary', (db, userId) => getStatsSummary(db, userId), { dependsOnToday: true });
/** the home page's figures: its weeks and month follow today too */
export const keptDashboard = readKeptPerVersion('dashboard', (db, userId) => getDashboard(db, userId), { dependsOnToday: true });
