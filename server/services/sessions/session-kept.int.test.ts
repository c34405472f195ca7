import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { activities } from '@/db/schema';
import { openTestDatabase } from '@/server/testing/test-database';
import { signedInUser } from '@/server/testing/signed-in-user';
import { useTestEnv } from '@/server/testing/test-env';
import { activityPageRead, activityRead } from '../activities/reads';
import { alongSession } from '../reads/run-read';
import { listActivitiesInput } from '../activities/schemas';
import { resolveAccessToken } from './resolve-access-token';

// The embedded engine keeps session checks (and activity records) in the process between
// requests (session-kept.ts). These tests pin both halves of that: a kept check costs no
// statement, and every kind of commit that could change it (by our services or by hand-written
// SQL) makes the next request read it again. PostgreSQL keeps nothing: resolve-access-token's
// own tests show a deletion seen at once by a second instance.

describe('kept session checks on the embedded engine', () => {
  let database: Database;
  let statements = 0;
  beforeAll(async () => {
    useTestEnv();
    database = await openTestDatabase('pglite');
    // counts what reaches the database: PGlite's query and exec, and the raw protocol path the
    // prepared reads take (db/pglite-simple-query.ts)
    const client = (database.db as unknown as { $client: PGlite }).$client;
    for (const method of ['query', 'exec', 'execProtocolRawStream'] as const) {
      const original = client[method].bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        statements += 1;
        return original(...args);
      };
    }
  });
  afterAll(() => database.close());

  const statementsOf = async (work: () => Promise<unknown>) => {
    const before = statements;
    await work();
    return statements - before;
  };

  it('a second check of the same session runs no statement', async () => {
    const { userId, token, sessionId } = await signedInUser(database.db);
    expect(await statementsOf(() => resolveAccessToken(database.db, token))).toBeGreaterThan(0);
    expect(await statementsOf(() => resolveAccessToken(database.db, token))).toBe(0);
    expect(await resolveAccessToken(database.db, token)).toMatchObject({ userId: userId, sessionId: sessionId });
  });

  const refusedAfter: [string, (ids: { sessionId: string; userId: number }) => ReturnType<typeof sql>][] = [
    ['the session deleted by hand-written SQL', ({ sessionId }) => sql`delete from sessions where id = ${sessionId}`],
    ['the session revoked', ({ sessionId }) => sql`update sessions set revoked_at = now() where id = ${sessionId}`],
    ['the session expired', ({ sessionId }) => sql`update sessions set expires_at = now() - interval '1 second' where id = ${sessionId}`],
    ['the user deactivated', ({ userId }) => sql`update users set active = false where id = ${userId}`],
    ['the user deleted (the session goes by cascade)', ({ userId }) => sql`delete from users where id = ${userId}`],
  ];
  it.each(refusedAfter)('a kept session is refused at once after %s', async (_, change) => {
    const { userId, token, sessionId } = await signedInUser(database.db);
    await resolveAccessToken(database.db, token);
    await resolveAccessToken(database.db, token);
    await database.db.execute(change({ sessionId, userId }));
    await expect(resolveAccessToken(database.db, token)).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
  });

  it('a change made in a transaction that rolls back changes nothing kept', async () => {
    const { token, sessionId } = await signedInUser(database.db);
    await resolveAccessToken(database.db, token);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`delete from sessions where id = ${sessionId}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await resolveAccessToken(database.db, token)).toMatchObject({ sessionId: sessionId });
  });

  it('an admin promotion is seen at the next request', async () => {
    const { userId, token } = await signedInUser(database.db);
    expect(await resolveAccessToken(database.db, token)).toMatchObject({ accessType: 'regular' });
    await database.db.execute(sql`update users set access_type = 'admin' where id = ${userId}`);
    expect(await resolveAccessToken(database.db, token)).toMatchObject({ accessType: 'admin' });
  });

  const listInput = listActivitiesInput.parse({});

  const anActivity = (userId: number, name: string, start: string) => {
    const startTime = new Date(start);
    return {
      userId,
      name,
      activityType: 'run',
      startTime,
      endTime: new Date(startTime.getTime() + 3_600_000),
      totalElapsedTime: 3600,
      source: 'upload' as const,
    };
  };

  it('a kept activity record is answered without a statement until that activity changes', async () => {
    const { userId, token, sessionId } = await signedInUser(database.db);
    const [activity] = await database.db
      .insert(activities)
      .values(anActivity(userId, 'Before', '2026-01-02T08:00:00Z'))
      .returning();
    const read = () => alongSession(activityRead, { id: activity!.id })!(database.db, sessionId);
    const list = () => alongSession(activityPageRead, listInput)!(database.db, sessionId);
    await read();
    await list();
    expect(await statementsOf(read)).toBe(0);
    expect(await statementsOf(list)).toBe(0);
    expect(JSON.parse((await read())!.value!.json)).toMatchObject({ id: activity!.id, name: 'Before' });

    // the same user's new activity: the list is read again, the kept session and record are not
    await database.db.insert(activities).values(anActivity(userId, 'Another', '2026-01-04T08:00:00Z'));
    expect(await statementsOf(() => resolveAccessToken(database.db, token))).toBe(0);
    expect(await statementsOf(read)).toBe(0);
    expect(JSON.parse((await list())!.value!.json).items.map((a: { name: string }) => a.name)).toEqual(['Another', 'Before']);

    await database.db.execute(sql`update activities set name = 'After', version = version + 1 where id = ${activity!.id}`);
    const after = await read();
    expect(JSON.parse(after!.value!.json)).toMatchObject({ name: 'After' });
    expect(after!.value!.version).toBe(activity!.version + 1);
    expect(await statementsOf(read)).toBe(0);

    // another user's change leaves this user's kept record alone
    const other = await signedInUser(database.db);
    await database.db.insert(activities).values(anActivity(other.userId, 'Theirs', '2026-01-03T08:00:00Z'));
    expect(await statementsOf(read)).toBe(0);
    // and the owner's deletion is seen at once
    await database.db.execute(sql`delete from activities where id = ${activity!.id}`);
    expect((await read())!.value).toBeNull();
  });
});
