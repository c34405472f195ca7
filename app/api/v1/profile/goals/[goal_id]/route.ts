import { z } from 'zod';
import { changeAndRemoveRoutes } from '@/server/http/change-and-remove-routes';
import { intId } from '@/server/http/params';
import { routes } from '@/server/http/routes';
import { deleteGoal } from '@/server/services/goals/delete-goal';
import { goalResponse, updateGoalInput } from '@/server/services/goals/schemas';
import { updateGoal } from '@/server/services/goals/update-goal';

// CONTRACT: Explorer, goals, gear components, segments
export const { GET, POST, PUT, PATCH, DELETE } = routes(
  changeAndRemoveRoutes({
    noun: 'goal',
    scope: 'profile',
    params: z.object({ goal_id: intId }),
    input: updateGoalInput,
    response: goalResponse,
    change: (db, userId, params, body) => updateGoal(db, userId, params.goal_id, body),
    remove: (db, userId, params) => deleteGoal(db, userId, params.goal_id),
  }),
);
