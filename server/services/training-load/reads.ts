import { z } from 'zod';
import { answerOf, defineRead } from '../reads/define-read';
import { getFitness } from './get-fitness';
import { fitnessDay, fitnessInput } from './schemas';

// The fitness series (GET /fitness, tRPC trainingLoad.fitness), kept per version of the caller's
// activities: a load recompute writes the activities, whose days' sums it reads.

export const fitnessRead = defineRead({
  name: 'fitness',
  input: fitnessInput,
  response: z.array(fitnessDay),
  byUser: async (db, userId, input) => answerOf(await getFitness(db, userId, input)),
  keep: true,
});
