import { z } from 'zod';
import { answerOf, defineRead } from '../reads/define-read';
import { getGoalsProgress } from './get-goals-progress';
import { listGoals } from './list-goals';
import { goalProgressResponse, goalResponse } from './schemas';

// The goals reads (GET /profile/goals and /profile/goals/progress, tRPC goals.*). Not kept: a goal's
// own edits raise no version, and progress follows today.

export const goalsRead = defineRead({
  name: 'goals',
  response: z.array(goalResponse),
  byUser: async (db, userId) => answerOf(await listGoals(db, userId)),
});

export const goalsProgressRead = defineRead({
  name: 'goals-progress',
  response: z.array(goalProgressResponse),
  byUser: async (db, userId) => answerOf(await getGoalsProgress(db, userId)),
});
