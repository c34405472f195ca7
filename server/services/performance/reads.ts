import { answerOf, defineRead } from '../reads/define-read';
import { getCurves } from './get-curves';
import { getPerformanceModel } from './get-performance-model';
import { curvesInput, curvesResponse, performanceModelInput, performanceModelResponse } from './schemas';

// Curves and models (GET /curves, GET /performance/model, tRPC performance.*), kept per version of
// the caller's activities: the efforts they read raise that version when written.

export const curvesRead = defineRead({
  name: 'curves',
  input: curvesInput,
  response: curvesResponse,
  byUser: async (db, userId, input) => answerOf(await getCurves(db, userId, input)),
  keep: true,
});

/** a model without dates reads the 90 days up to today */
export const performanceModelRead = defineRead({
  name: 'performance-model',
  input: performanceModelInput,
  response: performanceModelResponse,
  byUser: async (db, userId, input) => answerOf(await getPerformanceModel(db, userId, input)),
  keep: { dependsOnToday: true },
});
