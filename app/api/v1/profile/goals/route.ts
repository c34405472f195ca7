import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { createGoal } from '@/server/services/goals/create-goal';
import { goalsRead } from '@/server/services/goals/reads';
import { createGoalInput, goalResponse } from '@/server/services/goals/schemas';

// CONTRACT: Explorer, goals, gear components, segments
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'List goals', responses: { 200: jsonDoc(z.array(goalResponse), "The caller's goals") } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    read: goalsRead,
  }),
  POST: defineRoute({
    doc: { summary: 'Add a goal', problems: ['conflict'], responses: { 201: jsonDoc(goalResponse, 'The new goal') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    json: createGoalInput,
    handler: async ({ db, auth, body }) => json(await createGoal(db, auth.userId, body), { status: 201 }),
  }),
});
