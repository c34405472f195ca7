import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { activities, sessions, users } from '@/db/schema';

const N = 3000;
async function time(name: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 300; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < N; i++) await fn();
  console.log(name.padEnd(40), (((performance.now() - t) / N) * 1000).toFixed(0), 'µs');
}
const database = await openDatabase({ databaseUrl: process.env.PG, pgliteDir: 'memory://' });
await runMigrations(database);
const db = database.db;
const [u] = await db
  .insert(users)
  .values({ username: 'u', email: 'u@x.y', name: 'u', passwordHash: 'x', accessType: 'admin' } as never)
  .returning();
const sid = '0d5b3c8e-1111-4222-8333-444455556666';
await db.insert(sessions).values({ id: sid, userId: u!.id, tokenFamilyId: sid, clientType: 'mobile', expiresAt: new Date(Date.now() + 1e8) });
const [a] = await db
  .insert(activities)
  .values({ userId: u!.id, name: 'a', activityType: 'run', startTime: new Date(), endTime: new Date(), totalElapsedTime: 10, source: 'upload' })
  .returning();
const sessionQuery = () =>
  db
    .select({ session: sessions, accessType: users.accessType, active: users.active })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sid));
const prepSession = db
  .select({ session: sessions, accessType: users.accessType, active: users.active })
  .from(sessions)
  .innerJoin(users, eq(users.id, sessions.userId))
  .where(eq(sessions.id, sql.placeholder('sid')))
  .prepare('s1');
const activityQuery = () =>
  db
    .select()
    .from(activities)
    .where(and(eq(activities.id, a!.id), eq(activities.userId, u!.id)));
const prepActivity = db
  .select()
  .from(activities)
  .where(and(eq(activities.id, sql.placeholder('id')), eq(activities.userId, sql.placeholder('uid'))))
  .prepare('a1');
await time('drizzle session (built each time)', sessionQuery);
await time('drizzle session (prepared)', () => prepSession.execute({ sid }));
await time('drizzle session build only', async () => sessionQuery().toSQL());
await time('drizzle activity (built each time)', activityQuery);
await time('drizzle activity (prepared)', () => prepActivity.execute({ id: a!.id, uid: u!.id }));
await time('select 1', () => db.execute(sql`select 1`));
await database.close();
