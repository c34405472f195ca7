import { and, eq, inArray } from 'drizzle-orm';
import { selectInline } from '@/db/pglite-inline';
import { activities } from '@/db/schema';
import type { ItemContext } from './item-context';

/** Activities already stored under these dedup keys: their id when this import stored them, else null. */
export async function knownActivities({ db, userId, initiatedAt, label }: ItemContext, keys: string[]): Promise<Map<string, number | null>> {
  const fields = { id: activities.id, key: activities.dedupKey, record: activities.importRecord };
  const query = db
    .select(fields)
    .from(activities)
    .where(and(eq(activities.userId, userId), inArray(activities.dedupKey, keys)));
  // once a batch before its files are read, once a group before it is stored: one call into PGlite each
  const rows = await selectInline(db, query, fields);
  const ours = (r: (typeof rows)[number]) => r.record?.initiated_at === initiatedAt && r.record?.label === label;
  return new Map(rows.map((r) => [r.key!, ours(r) ? r.id : null]));
}
