import { sql, type SQL } from 'drizzle-orm';

// CONTRACT: Explorer, goals, gear components, segments: ranks like best efforts. An effort's pr_rank
// is 1, 2 or 3 when its time was the best, second or third of the segment among the efforts that
// started up to and including it (ties: the earlier start ranks higher), else null (the leaderboard
// counts the same in one pass: running-ranks.ts, also within a year). Hidden activities and those excluded from
// records have none and count for no other; a deleted activity's efforts are gone with it. Counted
// at read time, so nothing is rewritten when an activity is hidden, excluded or deleted.

/** The rank of effort `e` of activity `a` (aliases in the outer statement), or null (all-time). */
export function segmentPrRankSql(): SQL {
  const count = sql`(select count(*)::integer from (
      select 1 from segment_efforts o join activities oa on oa.id = o.activity_id
      where o.segment_id = e.segment_id and o.elapsed_time <= e.elapsed_time
        and (o.start_time < e.start_time or (o.start_time = e.start_time and o.id < e.id))
        and not oa.is_hidden and not oa.exclude_from_records
      limit 3) better)`;
  return sql`(case when a.is_hidden or a.exclude_from_records then null else nullif(least(${count} + 1, 4), 4) end)`;
}
