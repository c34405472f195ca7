import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';

/**
 * CONTRACT: … Training load: a day's load is the summed `training_load` of the user's activities
 * that started on it (profile timezone); hidden ones count nothing. Written again from the
 * activities for the given days (or all), so running it twice gives the same rows. One statement:
 * days whose activities are all gone lose their row, the others are upserted.
 */
export async function refreshDailyLoads(db: Db | Tx, userId: number, days: readonly string[] | 'all'): Promise<void> {
  if (days !== 'all' && !days.length) return;
  const local = sql`(a.start_time at time zone u.timezone)::date`;
  const inDays = (column: ReturnType<typeof sql>) =>
    days === 'all'
      ? sql`true`
      : sql`${column} in (${sql.join(
          days.map((d) => sql`${d}::date`),
          sql`, `,
        )})`;
  await db.execute(sql`with sums as (
      select ${local} as day, sum(coalesce(a.training_load, 0)) as load
      from activities a join users u on u.id = a.user_id
      where a.user_id = ${userId} and not a.is_hidden and ${inDays(local)}
      group by 1
    ), gone as (
      delete from daily_loads d where d.user_id = ${userId} and ${inDays(sql`d.day`)} and d.day not in (select day from sums)
    )
    insert into daily_loads (user_id, day, load) select ${userId}, day, load from sums
    on conflict (user_id, day) do update set load = excluded.load`);
}
