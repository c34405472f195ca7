import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';

/**
 * A new version of the user's activities, for a write their own triggers do not see (a load
 * recompute's last step, explorer tiles stored after the upload): every answer kept under the
 * older version (read-kept-per-version.ts, the activity pages) is read again.
 */
export async function raiseActivityListVersion(db: Db | Tx, userId: number): Promise<void> {
  await db.execute(sql`insert into activity_list_versions as v (user_id, version) values (${userId}, 1)
    on conflict (user_id) do update set version = v.version + 1`);
}
