import { readKeptPerVersion } from '../sessions/read-kept-per-version';
import { getCurves } from './get-curves';
import { getPerformanceModel } from './get-performance-model';
import type { CurvesInput, PerformanceModelInput } from './schemas';

// Curves and models for the caller's session, kept per version of their activities (REST and
// tRPC): the efforts they read raise that version when written. A model without dates reads the
// 90 days up to today, so it is kept per quarter hour as well.

export const keptCurves = readKeptPerVersion('curves', (db, userId, input: CurvesInput) => getCurves(db, userId, input));
export const keptPerformanceModel = readKeptPerVersion(
  'performance-model',
  (db, userId, input: PerformanceModelInput) => getPerformanceModel(db, userId, input),
  {
    dependsOnToday: true,
  },
);
