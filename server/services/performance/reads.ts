import { answerOf, byIdInput, defineRead } from '../reads/define-read';
import { getActivityGap } from './get-activity-gap';
import { getCurves } from './get-curves';
import { getPerformanceModel } from './get-performance-model';
import { activityGapResponse, curvesInput, curvesResponse, performanceModelInput, performanceModelResponse } from './schemas';

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

/** one run's grade-adjusted pace (stream, average, laps, splits): not kept, a stream-sized answer */
export const activityGapRead = defineRead({
  name: 'activity-gap',
  input: byIdInput,
  response: activityGapResponse,
  byUser: async (db, userId, input) => answerOf(await getActivityGap(db, userId, input.id)),
});
