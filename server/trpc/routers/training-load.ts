import { z } from 'zod';
import { rowId } from '@/server/http/params';
import { createThreshold } from '@/server/services/training-load/create-threshold';
import { deleteThreshold } from '@/server/services/training-load/delete-threshold';
import { getActivityLoad } from '@/server/services/training-load/get-activity-load';
import { listThresholds } from '@/server/services/training-load/list-thresholds';
import { fitnessRead } from '@/server/services/training-load/reads';
import { createThresholdInput } from '@/server/services/training-load/schemas';
import { authedProcedure, readProcedure, router } from '../init';

// The web UI's twins of /profile/thresholds and /fitness, and an activity's load with why it has
// none (CONTRACT: Beyond the spec … Training load).
const byId = z.object({ id: rowId });

export const trainingLoadRouter = router({
  thresholds: authedProcedure('DEFAULT').query(({ ctx }) => listThresholds(ctx.db, ctx.user.userId)),
  createThreshold: authedProcedure('WRITE')
    .input(createThresholdInput)
    .mutation(({ ctx, input }) => createThreshold(ctx.db, ctx.user.userId, input)),
  deleteThreshold: authedProcedure('WRITE')
    .input(byId)
    .mutation(({ ctx, input }) => deleteThreshold(ctx.db, ctx.user.userId, input.id)),
  fitness: readProcedure('DEFAULT', fitnessRead),
  activityLoad: authedProcedure('DEFAULT')
    .input(byId)
    .query(({ ctx, input }) => getActivityLoad(ctx.db, ctx.user.userId, input.id)),
});
