import { answerOf, byIdInput, defineRead } from '../reads/define-read';
import { getActivityBestEfforts } from './get-activity-best-efforts';
import { getRecords } from './get-records';
import { listRecentRecords } from './list-recent-records';
import { bestEffortsResponse, recentRecordsInput, recentRecordsResponse, recordsInput, recordsResponse } from './schemas';

// The records reads (GET /records…, tRPC progress.*), kept per version of the caller's activities
// and efforts.

export const recordsRead = defineRead({
  name: 'records',
  input: recordsInput,
  response: recordsResponse,
  byUser: async (db, userId, input) => answerOf(await getRecords(db, userId, input)),
  keep: true,
});

export const recentRecordsRead = defineRead({
  name: 'recent-records',
  input: recentRecordsInput,
  response: recentRecordsResponse,
  byUser: async (db, userId, input) => answerOf(await listRecentRecords(db, userId, input.limit)),
  keep: true,
});

/** one activity's efforts with their ranks: kept, as every write a rank depends on raises the version */
export const activityBestEffortsRead = defineRead({
  name: 'activity-best-efforts',
  input: byIdInput,
  response: bestEffortsResponse,
  byUser: async (db, userId, input) => answerOf(await getActivityBestEfforts(db, userId, input.id)),
  keep: true,
});
