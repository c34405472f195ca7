import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { changeFeedOf, type ChangeFeed } from '@/db/change-feed';
import type { Db } from '@/db/client';
import { prepareOnServer } from '@/db/pglite-prepared';
import { preparedPerDatabase } from '@/db/prepared';
import { activities, sessions } from '@/db/schema';
import { answerOf, byIdInput, defineRead, type Answer } from '../reads/define-read';
import { keptPerVersion } from '../reads/kept-per-version';
import { sessionOf } from '../sessions/session-kept';
import { sessionColumns, sessionWithUser, type CheckedSession } from '../sessions/session-row';
import { activityRecordJson, asJsonStringify } from './activity-json';
import { findActivitiesJson } from './activity-page-json';
import { activityNotFound } from './get-activity-or-throw';
import { getActivityStreams } from './get-activity-streams';
import { getActivityZones } from './get-activity-zones';
import { listActivityLaps } from './list-activity-laps';
import { activityPageResponse, activityResponse, lapResponse, listActivitiesInput, streamsResponse, zonesResponse, type ActivityResponse } from './schemas';

// The activity reads (GET /activities and /activities/{id}, tRPC activities.list and .get): the
// records come as JSON text written by the database, which Node passes on (bench/reads).

/** A page of the caller's activities, kept per version of their activities. */
export const activityPageRead = defineRead({
  name: 'activity-page',
  input: listActivitiesInput,
  response: activityPageResponse,
  byUser: async (db, userId, input) => ({ json: await findActivitiesJson(db, userId, input) }),
  keep: true,
});

const p = (name: string) => sql.placeholder(name);
const recordColumns = { json: activityRecordJson, version: activities.version };
type Record = Answer<ActivityResponse> & { version: number };

/** The record as the statements below read it; null when there is no such activity of theirs. */
const recordOf = (row: { json: string | null; version: number | null } | undefined): Record | null =>
  !row || row.json === null || row.version === null ? null : { json: asJsonStringify(row.json), version: row.version };

// The session check and the record in one statement: the activity is joined to the session's own
// user, so ownership stays part of the query (CONTRACT: other users' activities are 404).
const activityWithSession = preparedPerDatabase((db) => {
  const query = sessionWithUser(db, recordColumns)
    .leftJoin(activities, and(eq(activities.id, p('activityId')), eq(activities.userId, sessions.userId)))
    .where(eq(sessions.id, p('sessionId')));
  return prepareOnServer(db, 'activity_json_with_session', query, Object.keys({ ...sessionColumns, ...recordColumns }));
});

const activityJsonOfUser = preparedPerDatabase((db) => {
  const query = db
    .select(recordColumns)
    .from(activities)
    .where(and(eq(activities.id, p('activityId')), eq(activities.userId, p('userId'))));
  return prepareOnServer(db, 'activity_json_of_user', query, Object.keys(recordColumns));
});

const MAX_KEPT = 256;
/** A record past this is not kept (long names and descriptions). */
const MAX_CHARS = 256 * 1024;

/**
 * Records by `${userId}:${activityId}`, on the embedded engine only, each under the count of
 * commits that changed it (db/change-feed.ts) rather than its user's list version.
 */
const keptRecords = preparedPerDatabase(() => keptPerVersion<Record>(MAX_KEPT, (record) => record.json.length, MAX_CHARS));

/**
 * On the embedded engine the session usually costs no statement (session-kept.ts), so the record
 * is read on its own and kept until the database tells of a commit that updated or deleted it
 * (db/change-feed.ts): a read of a kept session and a kept record runs no statement at all, even
 * while the user uploads other activities.
 */
async function activityAlongKeptSession(
  db: Db,
  feed: ChangeFeed,
  sessionId: string,
  activityId: number,
): Promise<{ session: CheckedSession; value: Record | null } | undefined> {
  const session = await sessionOf(db, sessionId);
  if (!session) return undefined;
  const kept = keptRecords(db);
  const key = `${session.userId}:${activityId}`;
  const changes = String(feed.recordOf(activityId));
  const hit = kept.get(key, changes);
  if (hit) return { session, value: hit };
  const recordsBefore = feed.records;
  const [row] = await activityJsonOfUser(db).execute({ activityId, userId: session.userId });
  const record = recordOf(row);
  // kept only when no activity changed while it was read
  if (record && feed.records === recordsBefore) kept.set(key, changes, record);
  return { session, value: record };
}

/** One of the caller's activities; its answer carries the version its ETag names. */
export const activityRead = defineRead({
  name: 'activity',
  input: byIdInput,
  response: activityResponse,
  byUser: async (db, userId, input) => recordOf((await activityJsonOfUser(db).execute({ activityId: input.id, userId }))[0]),
  withSession:
    ({ id }) =>
    async (db, sessionId) => {
      const feed = changeFeedOf(db);
      if (feed) return activityAlongKeptSession(db, feed, sessionId, id);
      const [row] = await activityWithSession(db).execute({ sessionId, activityId: id });
      return row && { session: row, value: recordOf(row) };
    },
  missing: activityNotFound,
});

// An activity's laps, streams and heart-rate zones are not kept: streams are the largest answers
// (a process would hold megabytes a user), and zones follow the thresholds in effect.
export const activityLapsRead = defineRead({
  name: 'activity-laps',
  input: byIdInput,
  response: z.array(lapResponse),
  byUser: async (db, userId, input) => answerOf(await listActivityLaps(db, userId, input.id)),
});

export const activityStreamsRead = defineRead({
  name: 'activity-streams',
  input: byIdInput,
  response: streamsResponse,
  byUser: async (db, userId, input) => answerOf(await getActivityStreams(db, userId, input.id)),
});

export const activityZonesRead = defineRead({
  name: 'activity-zones',
  input: byIdInput,
  response: zonesResponse,
  byUser: async (db, userId, input) => answerOf(await getActivityZones(db, userId, input.id)),
});
