import { z } from 'zod';
import { emptyDoc, jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json, noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { deleteGoal } from '@/server/services/goals/delete-goal';
import { goalResponse, updateGoalInput } from '@/server/services/goals/schemas';
import { updateGoal } from '@/server/services/goals/update-goal';

const params = z.object({ goal_id: intId });

// CONTRACT: Explorer, goals, gear components, segments
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  PATCH: defineRoute({
    doc: { summary: 'Change a goal', responses: { 200: jsonDoc(goalResponse, 'The changed goal') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    params,
    json: updateGoalInput,
    handler: async ({ db, auth, params, body }) => json(await updateGoal(db, auth.userId, params.goal_id, body)),
  }),
  DELETE: defineRoute({
    doc: { summary: 'Remove a goal', responses: { 204: emptyDoc('Removed') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    params,
    handler: async ({ db, auth, params }) => {
      await deleteGoal(db, auth.userId, params.goal_id);
      return noContent();
    },
  }),
});
