import { readKeptPerVersion } from '../sessions/read-kept-per-version';
import { getFitness } from './get-fitness';
import type { FitnessInput } from './schemas';

// The fitness series for the caller's session, kept per version of their activities (REST and
// tRPC): a load recompute writes the activities, whose days' sums it reads.

export const keptFitness = readKeptPerVersion('fitness', (db, userId, input: FitnessInput) => getFitness(db, userId, input));
