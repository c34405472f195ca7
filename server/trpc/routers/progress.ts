import { z } from 'zod';
import { rowId } from '@/server/http/params';
import { getActivityBestEfforts } from '@/server/services/efforts/get-activity-best-efforts';
import { keptRecentRecords, keptRecords } from '@/server/services/efforts/kept-reads';
import { recentRecordsInput, recordsInput } from '@/server/services/efforts/schemas';
import { keptCalendar, keptDashboard, keptStats, keptSummary } from '@/server/services/stats/kept-reads';
import { getEddington } from '@/server/services/stats/get-eddington';
import { calendarInput, eddingtonInput, statsInput } from '@/server/services/stats/schemas';
import { callerKeptRead } from '../caller-read';
import { authedProcedure, router } from '../init';

// The web UI's twin of GET /activities/{id}/best_efforts, /records and /stats (CONTRACT: Beyond the
// spec … Best efforts and records; … Statistics and calendar).
export const progressRouter = router({
  bestEfforts: authedProcedure('DEFAULT')
    .input(z.object({ id: rowId }))
    .query(({ ctx, input }) => getActivityBestEfforts(ctx.db, ctx.user.userId, input.id)),
  records: authedProcedure('DEFAULT')
    .input(recordsInput)
    .query(({ ctx, input }) => callerKeptRead(ctx, keptRecords(input))),
  recentRecords: authedProcedure('DEFAULT')
    .input(recentRecordsInput)
    .query(({ ctx, input }) => callerKeptRead(ctx, keptRecentRecords(input))),
  eddington: authedProcedure('DEFAULT')
    .input(eddingtonInput)
    .query(({ ctx, input }) => getEddington(ctx.db, ctx.user.userId, input)),
  stats: authedProcedure('DEFAULT')
    .input(statsInput)
    .query(({ ctx, input }) => callerKeptRead(ctx, keptStats(input))),
  calendar: authedProcedure('DEFAULT')
    .input(calendarInput)
    .query(({ ctx, input }) => callerKeptRead(ctx, keptCalendar(input))),
  summary: authedProcedure('DEFAULT').query(({ ctx }) => callerKeptRead(ctx, keptSummary(undefined))),
  dashboard: authedProcedure('DEFAULT').query(({ ctx }) => callerKeptRead(ctx, keptDashboard(undefined))),
});
