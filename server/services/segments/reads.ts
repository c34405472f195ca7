import { z } from 'zod';
import { answerOf, byIdInput, defineRead } from '../reads/define-read';
import { getSegmentOrThrow } from './get-segment-or-throw';
import { getSegmentProfile } from './get-segment-profile';
import { listActivitySegmentEfforts } from './list-activity-segment-efforts';
import { listSegmentEfforts } from './list-segment-efforts';
import { listSegments } from './list-segments';
import {
  activitySegmentEffortResponse,
  listSegmentsInput,
  segmentEffortResponse,
  segmentEffortsInput,
  segmentProfileResponse,
  segmentResponse,
} from './schemas';

// The segments reads (GET /segments…, /activities/{id}/segment_efforts, tRPC segments.*). Not kept:
// segments, their efforts and their matches change apart from the caller's activities (a segment
// edit, a rematch job), and nothing raises the activities' version for them.

export const segmentsRead = defineRead({
  name: 'segments',
  input: listSegmentsInput,
  response: z.array(segmentResponse),
  byUser: async (db, userId, input) => answerOf(await listSegments(db, userId, input)),
});

export const segmentRead = defineRead({
  name: 'segment',
  input: byIdInput,
  response: segmentResponse,
  byUser: async (db, userId, input) => answerOf(await getSegmentOrThrow(db, userId, input.id)),
});

/** every pass, fastest first, with ranks; `year` limits it to that year */
export const segmentEffortsRead = defineRead({
  name: 'segment-efforts',
  input: byIdInput.extend(segmentEffortsInput.shape),
  response: z.array(segmentEffortResponse),
  byUser: async (db, userId, input) => answerOf(await listSegmentEfforts(db, userId, input.id, { year: input.year })),
});

export const segmentProfileRead = defineRead({
  name: 'segment-profile',
  input: byIdInput,
  response: segmentProfileResponse,
  byUser: async (db, userId, input) => answerOf(await getSegmentProfile(db, userId, input.id)),
});

export const activitySegmentEffortsRead = defineRead({
  name: 'activity-segment-efforts',
  input: byIdInput,
  response: z.array(activitySegmentEffortResponse),
  byUser: async (db, userId, input) => answerOf(await listActivitySegmentEfforts(db, userId, input.id)),
});
