import { z } from 'zod';
import { rowId } from '@/server/http/params';
import { createWeight } from '@/server/services/weight/create-weight';
import { deleteWeight } from '@/server/services/weight/delete-weight';
import { listWeights, listWeightsPage } from '@/server/services/weight/list-weights';
import { createWeightInput, listWeightsInput, weightPageInput } from '@/server/services/weight/schemas';
import { authedProcedure, router } from '../init';

export const healthRouter = router({
  weights: authedProcedure('DEFAULT')
    .input(listWeightsInput)
    .query(({ ctx, input }) => listWeights(ctx.db, ctx.user.userId, input)),
  // twin of GET /health/weight?page_number&num_records
  weightPage: authedProcedure('DEFAULT')
    .input(weightPageInput)
    .query(({ ctx, input }) => listWeightsPage(ctx.db, ctx.user.userId, input)),
  createWeight: authedProcedure('WRITE')
    .input(createWeightInput)
    .mutation(({ ctx, input }) => createWeight(ctx.db, ctx.user.userId, input)),
  deleteWeight: authedProcedure('WRITE')
    .input(z.object({ id: rowId }))
    .mutation(({ ctx, input }) => deleteWeight(ctx.db, ctx.user.userId, input.id)),
});
