import { and, eq, sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { activities, sessions, users } from '@/db/schema';
import { sessionWithUser } from '@/server/services/sessions/session-row';
import { activityRecord } from '@/server/services/activities/activity-record';
import { activityPageRead, activityRead } from '@/server/services/activities/reads';
import { alongSession } from '@/server/services/reads/run-read';
import { findActivitiesFromRows } from '@/server/testing/find-activities-rows';
import { listActivitiesInput } from '@/server/services/activities/schemas';

// In-process CPU per read on the embedded default (no HTTP, no Next): the activity reads as rows
// decoded and mapped by Node (activityRecord + JSON.stringify) against the JSON text the database
// writes (server/services/activities/activity-json.ts), and PGlite's floor (select 1). CPU time of
// this process, not wall time: the machine is shared.
//   npx tsx bench/reads/json-vs-rows.ts

const N = 2000;
async function time(name: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await fn();
  const c = process.cpuUsage();
  for (let i = 0; i < N; i++) await fn();
  const d = process.cpuUsage(c);
  console.log(name.padEnd(40), ((d.user + d.system) / N).toFixed(0), 'µs cpu');
}
const database = await openDatabase({ pgliteDir: 'memory://' });
await runMigrations(database);
const db = database.db;
const [u] = await db
  .insert(users)
  .values({ username: 'u', email: 'u@x.y', name: 'u', passwordHash: 'x', accessType: 'admin' } as never)
  .returning();
const sid = '0d5b3c8e-1111-4222-8333-444455556666';
await db.insert(sessions).values({ id: sid, userId: u!.id, tokenFamilyId: sid, clientType: 'mobile', expiresAt: new Date(Date.now() + 1e8) } as never);
let a: { id: number } | undefined;
for (let i = 0; i < 30; i++)
  [a] = await db
    .insert(activities)
    .values({
      userId: u!.id,
      name: `a${i}`,
      activityType: 'run',
      startTime: new Date(Date.now() - i * 1e7),
      endTime: new Date(),
      totalElapsedTime: 10,
      distance: 1234.5678,
      averageSpeed: 2.345,
      source: 'upload',
    })
    .returning();
const p = (n: string) => sql.placeholder(n);
const rowsWithSession = sessionWithUser(db, { activity: activities })
  .leftJoin(activities, and(eq(activities.id, p('activityId')), eq(activities.userId, sessions.userId)))
  .where(eq(sessions.id, p('sessionId')))
  .prepare('rows_with_session');
await time('single: old rows + record + stringify', async () => {
  const [r] = await rowsWithSession.execute({ sessionId: sid, activityId: a!.id });
  return JSON.stringify(activityRecord(r!.activity!));
});
const read = alongSession(activityRead, { id: a!.id })!;
await time('single: json', () => read(db, sid));
const input = listActivitiesInput.parse({ page_size: 20 });
await time('list: old findActivities + stringify', async () => JSON.stringify(await findActivitiesFromRows(db, u!.id, input)));
const page = alongSession(activityPageRead, input)!;
await time('list: json', () => page(db, sid));
const client = (db as unknown as { $client: PGlite }).$client;
await time('select 1 (raw pglite)', () => client.query('select 1'));
await database.close();
