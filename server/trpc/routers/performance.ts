import { z } from 'zod';
import { rowId } from '@/server/http/params';
import { getActivityGap } from '@/server/services/performance/get-activity-gap';
import { getCurves } from '@/server/services/performance/get-curves';
import { getPerformanceModel } from '@/server/services/performance/get-performance-model';
import { curvesInput, performanceModelInput } from '@/server/services/performance/schemas';
import { authedProcedure, router } from '../init';

// The web UI's twin of GET /activities/{id}/gap and GET /curves and GET /performance/model
// (CONTRACT: Beyond the spec … Grade-adjusted pace; … Curves; … Performance model).
export const performanceRouter = router({
  activityGap: authedProcedure('DEFAULT')
    .input(z.object({ id: rowId }))
    .query(({ ctx, input }) => getActivityGap(ctx.db, ctx.user.userId, input.id)),
  curves: authedProcedure('DEFAULT')
    .input(curvesInput)
    .query(({ ctx, input }) => getCurves(ctx.db, ctx.user.userId, input)),
  model: authedProcedure('DEFAULT')
    .input(performanceModelInput)
    .query(({ ctx, input }) => getPerformanceModel(ctx.db, ctx.user.userId, input)),
});
