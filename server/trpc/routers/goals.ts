import { z } from 'zod';
import { rowId } from '@/server/http/params';
import { createGoal } from '@/server/services/goals/create-goal';
import { deleteGoal } from '@/server/services/goals/delete-goal';
import { goalsProgressRead, goalsRead } from '@/server/services/goals/reads';
import { createGoalInput, updateGoalInput } from '@/server/services/goals/schemas';
import { updateGoal } from '@/server/services/goals/update-goal';
import { authedProcedure, readProcedure, router } from '../init';

const byId = z.object({ id: rowId });

// twins of /profile/goals (CONTRACT: Explorer, goals, gear components, segments)
export const goalsRouter = router({
  list: readProcedure('DEFAULT', goalsRead),
  progress: readProcedure('DEFAULT', goalsProgressRead),
  create: authedProcedure('WRITE')
    .input(createGoalInput)
    .mutation(({ ctx, input }) => createGoal(ctx.db, ctx.user.userId, input)),
  update: authedProcedure('WRITE')
    .input(byId.extend({ changes: updateGoalInput }))
    .mutation(({ ctx, input }) => updateGoal(ctx.db, ctx.user.userId, input.id, input.changes)),
  delete: authedProcedure('WRITE')
    .input(byId)
    .mutation(({ ctx, input }) => deleteGoal(ctx.db, ctx.user.userId, input.id)),
});
