import { z } from 'zod';
import { rowId } from '@/server/http/params';
import { getActivityGap } from '@/server/services/performance/get-activity-gap';
import { authedProcedure, router } from '../init';

// The web UI's twin of GET /activities/{id}/gap (CONTRACT: Beyond the spec … Grade-adjusted pace).
export const performanceRouter = router({
  activityGap: authedProcedure('DEFAULT')
    .input(z.object({ id: rowId }))
    .query(({ ctx, input }) => getActivityGap(ctx.db, ctx.user.userId, input.id)),
});
