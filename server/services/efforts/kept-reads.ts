import { readKeptPerVersion } from '../sessions/read-kept-per-version';
import { getRecords } from './get-records';
import { listRecentRecords } from './list-recent-records';
import type { RecentRecordsInput, RecordsInput } from './schemas';

// The records for the caller's session, kept per version of their activities and efforts (REST and tRPC).

export const keptRecords = readKeptPerVersion('records', (db, userId, input: RecordsInput) => getRecords(db, userId, input));
export const keptRecentRecords = readKeptPerVersion('recent-records', (db, userId, input: RecentRecordsInput) => listRecentRecords(db, userId, input.limit));
