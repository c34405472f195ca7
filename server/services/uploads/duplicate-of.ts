import { and, asc, eq, gte, lt, ne } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { activities, type ActivityRow } from '@/db/schema';
import type { DuplicateOf } from '../activities/schemas';

/**
 * spec: "An activity that starts at the same time as an existing one is marked hidden": the one
 * it duplicates is the earliest other activity of the user starting in the same whole second.
 * Read inside the storing transaction, so the Idempotency-Key's recorded answer says it too.
 */
export async function duplicateOf(tx: Tx, userId: number, row: ActivityRow): Promise<DuplicateOf | null> {
  if (!row.isHidden) return null;
  const from = new Date(Math.floor(row.startTime.getTime() / 1000) * 1000);
  const [found] = await tx
    .select({ id: activities.id, name: activities.name, start_time: activities.startTime })
    .from(activities)
    .where(
      and(eq(activities.userId, userId), ne(activities.id, row.id), gte(activities.startTime, from), lt(activities.startTime, new Date(from.getTime() + 1000))),
    )
    .orderBy(asc(activities.id))
    .limit(1);
  return found ? { id: found.id, name: found.name, start_time: found.start_time.toISOString() } : null;
}
