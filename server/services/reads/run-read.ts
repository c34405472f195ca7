import type { Db } from '@/db/client';
import { preparedPerDatabase } from '@/db/prepared';
import { now } from '@/server/clock';
import { resolveAccessToken, resolveAccessTokenWith, type SessionAuthContext } from '../sessions/resolve-access-token';
import { sessionWithListVersion } from '../sessions/session-kept';
import type { SessionRead } from '../sessions/session-row';
import type { Answer, Read } from './define-read';
import { keptPerVersion, type KeptPerVersion } from './kept-per-version';

// Runs a read (define-read.ts) for the holder of an access token, in the session check's own
// statement. A kept read is answered from what this process kept under the version of the
// caller's activities that the check reads (one statement for both), otherwise read and kept.
// Every write these reads depend on raises that version: the activities' own triggers (migration
// 0010: an upload, edit, hide, delete or load recompute), their efforts' triggers, a timezone
// change (migration 0022) and stored explorer tiles. So a kept answer is never older on the wire
// than the database, on either engine and across instances. The version is read before the
// answer, so a change committed in between raises it and the next request reads again. An answer
// that follows today (this week, month and year) is kept per quarter hour of UTC as well: every
// timezone's midnight falls on one.

const QUARTER_HOUR_MS = 15 * 60_000;
const MAX_ENTRIES = 512;
/** characters of JSON per answer and in all (a decoded value costs about as much again) */
const MAX_CHARS = 1024 * 1024;
const MAX_TOTAL_CHARS = 16 * 1024 * 1024;

type Kept = Answer<unknown> | null;
const keptAnswers = preparedPerDatabase(() => keptPerVersion<Kept>(MAX_ENTRIES, (answer) => answer?.json.length ?? 0, MAX_CHARS, MAX_TOTAL_CHARS));
/** Reads under way per database, by version and key. */
const underWayPerKept = new WeakMap<object, Map<string, Promise<Kept>>>();

/**
 * The answer kept for `key` under the user's current version (read with the session check), or
 * read and kept when there is none. Callers that miss together (every open dashboard after an
 * upload, readers during a load recompute) share one read.
 */
function keptAlongSession(keyOf: (userId: number) => string, read: (db: Db, userId: number) => Promise<Kept>): SessionRead<Kept> {
  return async (db, sessionId) => {
    const session = await sessionWithListVersion(db, sessionId);
    if (!session) return undefined;
    const kept: KeptPerVersion<Kept> = keptAnswers(db);
    const key = keyOf(session.userId);
    const hit = kept.get(key, session.listVersion);
    if (hit !== undefined) return { session, value: hit };
    let underWay = underWayPerKept.get(kept);
    if (!underWay) underWayPerKept.set(kept, (underWay = new Map()));
    const flight = `${session.listVersion} ${key}`;
    let value = underWay.get(flight);
    if (!value) {
      value = read(db, session.userId).then((fresh) => {
        kept.set(key, session.listVersion, fresh);
        return fresh;
      });
      underWay.set(flight, value);
      void value.finally(() => underWay.delete(flight)).catch(() => {});
    }
    return { session, value: await value };
  };
}

/** The read's SessionRead for `input`: its own statement, or its kept answer along the check; undefined for an unkept read. */
export function alongSession<I, R, In>(read: Read<I, R, In>, input: I): SessionRead<Answer<R> | null> | undefined {
  if (read.withSession) return read.withSession(input);
  if (!read.keep) return undefined;
  const dependsOnToday = read.keep !== true && read.keep.dependsOnToday;
  const today = dependsOnToday ? `@${Math.floor(now().getTime() / QUARTER_HOUR_MS)}` : '';
  // the key holds the read, the caller and the input (JSON)
  const keyOf = (userId: number) => `${read.name}:${userId}:${JSON.stringify(input ?? null)}${today}`;
  return keptAlongSession(keyOf, (db, userId) => read.byUser(db, userId, input)) as SessionRead<Answer<R> | null>;
}

/**
 * `read` of `input` for the holder of `accessToken`: the session check (401 for a dead session,
 * before anything about the read), then the answer or the read's `missing` error.
 */
export async function runRead<I, R, In>(db: Db, read: Read<I, R, In>, accessToken: string, input: I): Promise<{ auth: SessionAuthContext; answer: Answer<R> }> {
  const along = alongSession(read, input);
  const { auth, answer } = along
    ? await resolveAccessTokenWith(db, accessToken, along).then(({ auth, value }) => ({ auth, answer: value }))
    : await resolveAccessToken(db, accessToken).then(async (auth) => ({ auth, answer: await read.byUser(db, auth.userId, input) }));
  if (!answer) throw read.missing();
  return { auth, answer };
}
