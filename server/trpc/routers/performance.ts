import { z } from 'zod';
import { rowId } from '@/server/http/params';
import { acceptThresholdSuggestion } from '@/server/services/performance/accept-threshold-suggestion';
import { dismissThresholdSuggestion } from '@/server/services/performance/dismiss-threshold-suggestion';
import { listThresholdSuggestions } from '@/server/services/performance/list-threshold-suggestions';
import { activityGapRead, curvesRead, performanceModelRead } from '@/server/services/performance/reads';
import { authedProcedure, readProcedure, router } from '../init';

// The web UI's twin of GET /activities/{id}/gap and GET /curves and GET /performance/model
// and /profile/thresholds/suggestions (Grade-adjusted pace (issue 52); … Curves;
// … Performance model; … Suggested thresholds).
const byId = z.object({ id: rowId });

export const performanceRouter = router({
  activityGap: readProcedure('DEFAULT', activityGapRead),
  curves: readProcedure('DEFAULT', curvesRead),
  model: readProcedure('DEFAULT', performanceModelRead),
  suggestions: authedProcedure('DEFAULT').query(({ ctx }) => listThresholdSuggestions(ctx.db, ctx.user.userId)),
  acceptSuggestion: authedProcedure('WRITE')
    .input(byId)
    .mutation(({ ctx, input }) => acceptThresholdSuggestion(ctx.db, ctx.user.userId, input.id)),
  dismissSuggestion: authedProcedure('WRITE')
    .input(byId)
    .mutation(({ ctx, input }) => dismissThresholdSuggestion(ctx.db, ctx.user.userId, input.id)),
});
