import { z } from 'zod';
import { rowId } from '@/server/http/params';
import { getActivityBestEfforts } from '@/server/services/efforts/get-activity-best-efforts';
import { recentRecordsRead, recordsRead } from '@/server/services/efforts/reads';
import { getEddington } from '@/server/services/stats/get-eddington';
import { calendarRead, dashboardRead, statsRead, summaryRead } from '@/server/services/stats/reads';
import { eddingtonInput } from '@/server/services/stats/schemas';
import { authedProcedure, readProcedure, router } from '../init';

// The web UI's twin of GET /activities/{id}/best_efforts, /records and /stats (CONTRACT: Beyond the
// spec … Best efforts and records; … Statistics and calendar).
export const progressRouter = router({
  bestEfforts: authedProcedure('DEFAULT')
    .input(z.object({ id: rowId }))
    .query(({ ctx, input }) => getActivityBestEfforts(ctx.db, ctx.user.userId, input.id)),
  records: readProcedure('DEFAULT', recordsRead),
  recentRecords: readProcedure('DEFAULT', recentRecordsRead),
  eddington: authedProcedure('DEFAULT')
    .input(eddingtonInput)
    .query(({ ctx, input }) => getEddington(ctx.db, ctx.user.userId, input)),
  stats: readProcedure('DEFAULT', statsRead),
  calendar: readProcedure('DEFAULT', calendarRead),
  summary: readProcedure('DEFAULT', summaryRead),
  dashboard: readProcedure('DEFAULT', dashboardRead),
});
