import { z } from 'zod';
import { getActivityBestEfforts } from '@/server/services/efforts/get-activity-best-efforts';
import { getRecords } from '@/server/services/efforts/get-records';
import { listRecentRecords } from '@/server/services/efforts/list-recent-records';
import { recentRecordsInput, recordsInput } from '@/server/services/efforts/schemas';
import { getCalendar } from '@/server/services/stats/get-calendar';
import { getStats } from '@/server/services/stats/get-stats';
import { getStatsSummary } from '@/server/services/stats/get-stats-summary';
import { calendarInput, statsInput } from '@/server/services/stats/schemas';
import { authedProcedure, router } from '../init';

// The web UI's twin of GET /activities/{id}/best_efforts, /records and /stats (CONTRACT: Beyond the
// spec … Best efforts and records; … Statistics and calendar).
export const progressRouter = router({
  bestEfforts: authedProcedure('DEFAULT')
    .input(z.object({ id: z.number().int().positive() }))
    .query(({ ctx, input }) => getActivityBestEfforts(ctx.db, ctx.user.userId, input.id)),
  records: authedProcedure('DEFAULT')
    .input(recordsInput)
    .query(({ ctx, input }) => getRecords(ctx.db, ctx.user.userId, input)),
  recentRecords: authedProcedure('DEFAULT')
    .input(recentRecordsInput)
    .query(({ ctx, input }) => listRecentRecords(ctx.db, ctx.user.userId, input.limit)),
  stats: authedProcedure('DEFAULT')
    .input(statsInput)
    .query(({ ctx, input }) => getStats(ctx.db, ctx.user.userId, input)),
  calendar: authedProcedure('DEFAULT')
    .input(calendarInput)
    .query(({ ctx, input }) => getCalendar(ctx.db, ctx.user.userId, input.month)),
  summary: authedProcedure('DEFAULT').query(({ ctx }) => getStatsSummary(ctx.db, ctx.user.userId)),
});
