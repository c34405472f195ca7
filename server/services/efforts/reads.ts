import { answerOf, defineRead } from '../reads/define-read';
import { getRecords } from './get-records';
import { listRecentRecords } from './list-recent-records';
import { recentRecordsInput, recentRecordsResponse, recordsInput, recordsResponse } from './schemas';

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
