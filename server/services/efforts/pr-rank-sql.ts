import { sql, type SQL } from 'drizzle-orm';
import { familyOfSql } from './sport-families-sql';

// CONTRACT: Beyond the spec … Best efforts and records: pr_rank is 1, 2 or 3 when the value was the
// user's best, second or third of that distance/duration among activities started up to and
// including this one (ties: the earlier start ranks higher), else null. Counted at read time over
// the stored efforts, within the activity's family and leaving hidden activities and those excluded
// from records out (CONTRACT: Real history …), so deleting, hiding, excluding or re-typing an
// activity needs no rewrite. The count stops at 3 (the index on
// (user_id, kind, measure, value) gives the better values first).

/**
 * The rank of effort `e` of activity `a` (aliases of activity_efforts and activities in the outer
 * statement), or null.
 */
export function prRankSql(): SQL {
  const better = sql`case when e.kind = 'distance' then o.value <= e.value else o.value >= e.value end`;
  const earlier = sql`(oa.start_time < a.start_time or (oa.start_time = a.start_time and oa.id < a.id))`;
  const count = sql`(select count(*)::integer from (
      select 1 from activity_efforts o join activities oa on oa.id = o.activity_id
      where o.user_id = e.user_id and o.kind = e.kind and o.measure = e.measure and ${better}
        and not oa.is_hidden and not oa.exclude_from_records and ${earlier} and ${familyOfSql(sql`oa.activity_type`)} = ${familyOfSql(sql`a.activity_type`)}
      limit 3) better)`;
  return sql`(case when a.is_hidden or a.exclude_from_records then null else nullif(least(${count} + 1, 4), 4) end)`;
}
