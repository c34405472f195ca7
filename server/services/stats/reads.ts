import { answerOf, defineRead } from '../reads/define-read';
import { getCalendar } from './get-calendar';
import { getDashboard } from './get-dashboard';
import { getEddington } from './get-eddington';
import { getStats } from './get-stats';
import { getStatsSummary } from './get-stats-summary';
import { calendarInput, calendarResponse, dashboardResponse, eddingtonInput, eddingtonResponse, statsInput, statsResponse, summaryResponse } from './schemas';

// The statistics reads (GET /stats…, tRPC progress.*), kept per version of the caller's activities.

export const statsRead = defineRead({
  name: 'stats',
  input: statsInput,
  response: statsResponse,
  byUser: async (db, userId, input) => answerOf(await getStats(db, userId, input)),
  keep: true,
});

export const calendarRead = defineRead({
  name: 'calendar',
  input: calendarInput,
  response: calendarResponse,
  byUser: async (db, userId, input) => answerOf(await getCalendar(db, userId, input.month)),
  keep: true,
});

/** this week, month and year follow today */
export const summaryRead = defineRead({
  name: 'summary',
  response: summaryResponse,
  byUser: async (db, userId) => answerOf(await getStatsSummary(db, userId)),
  keep: { dependsOnToday: true },
});

/** the home page's figures: its weeks and month follow today too */
export const dashboardRead = defineRead({
  name: 'dashboard',
  response: dashboardResponse,
  byUser: async (db, userId) => answerOf(await getDashboard(db, userId)),
  keep: { dependsOnToday: true },
});

/** not kept: without `unit` it follows the profile's preferred units, whose change raises no version */
export const eddingtonRead = defineRead({
  name: 'eddington',
  input: eddingtonInput,
  response: eddingtonResponse,
  byUser: async (db, userId, input) => answerOf(await getEddington(db, userId, input)),
});
