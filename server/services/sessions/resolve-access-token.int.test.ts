import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/db/client';
import { sessions } from '@/db/schema';
import { openTestDatabase, testEngines } from '@/server/testing/test-database';
import { useTestEnv } from '@/server/testing/test-env';
import { loginWithPassword } from '../auth/login-with-password';
import { createUser } from '../users/create-user';
import { deleteSession } from './delete-session';
import { resolveAccessToken } from './resolve-access-token';

// The session lookup is a statement prepared once per database handle; on PostgreSQL nothing
// about a session is remembered in the process. Two handles on one PostgreSQL database stand for
// two instances of the service (each has its own connections and prepared statements); PGlite is
// one process's database, so there both "instances" are the same handle (what it keeps between
// requests, and when it lets go, is tested in session-kept.int.test.ts).

const PASSWORD = 'correct horse battery';
let counter = 0;

describe.each(testEngines())('access tokens against their session on %s', (engine) => {
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    useTestEnv();
    first = await openTestDatabase(engine);
    second = engine === 'postgres' ? await openDatabase({ databaseUrl: first.url }) : first;
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
  });

  async function signIn() {
    counter += 1;
    const user = await createUser(first.db, {
      username: `reader${counter}`,
      email: `r${counter}@example.com`,
      name: 'R',
      password: PASSWORD,
      access_type: 'regular',
    });
    const result = await loginWithPassword(first.db, {
      username: user.username,
      password: PASSWORD,
      origin: { clientType: 'web', ipAddress: '198.18.0.9', userAgent: 'vitest' },
    });
    if (result.kind !== 'tokens') throw new Error(`expected tokens, got ${result.kind}`);
    return { user, tokens: result.tokens };
  }

  it('CONTRACT: a session deleted on one instance refuses its access token at once on the other', async () => {
    const { user, tokens } = await signIn();
    // both instances have resolved the token (their lookups are prepared and warm)
    const onFirst = await resolveAccessToken(first.db, tokens.accessToken);
    expect(await resolveAccessToken(second.db, tokens.accessToken)).toMatchObject({ userId: user.id, sessionId: tokens.sessionId, clientType: 'web' });
    await deleteSession(first.db, onFirst, tokens.sessionId, user.id);
    await expect(resolveAccessToken(second.db, tokens.accessToken)).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
    await expect(resolveAccessToken(first.db, tokens.accessToken)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('each token resolves to its own session and user through the shared statement', async () => {
    const a = await signIn();
    const b = await signIn();
    expect(await resolveAccessToken(second.db, a.tokens.accessToken)).toMatchObject({
      userId: a.user.id,
      sessionId: a.tokens.sessionId,
      accessType: 'regular',
    });
    expect(await resolveAccessToken(second.db, b.tokens.accessToken)).toMatchObject({ userId: b.user.id, sessionId: b.tokens.sessionId });
  });

  it('last_activity_at is written at most once a minute, so a read stays a read', async () => {
    const { tokens } = await signIn();
    const lastActivity = async () =>
      (await first.db.select({ at: sessions.lastActivityAt }).from(sessions).where(eq(sessions.id, tokens.sessionId)))[0]!.at.getTime();
    const start = await lastActivity();
    await resolveAccessToken(second.db, tokens.accessToken, new Date(start + 30_000));
    expect(await lastActivity()).toBe(start);
    await resolveAccessToken(second.db, tokens.accessToken, new Date(start + 61_000));
    expect(await lastActivity()).toBe(start + 61_000);
  });
});
