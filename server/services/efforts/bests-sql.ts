import { sql, type SQL } from 'drizzle-orm';
import type { EffortKind } from '@/db/schema';

// CONTRACT: Beyond the spec … Best efforts and records; … Curves: the best stored value of each
// measure (least time for distances, most watts or bpm for durations; ties: the earlier start)
// among the activities `activityFilter` admits (alias `a`), one lateral index range of
// (user_id, kind, measure, value) per measure read until its first admitted activity, planned once
// for all of them. GET /records and GET /curves both read their bests here.

/** Kinds whose best is the least value (elapsed seconds over a distance). */
const LEAST_IS_BEST: readonly EffortKind[] = ['distance', 'gap'];

/** Rows (kind, measure, value, activity_id, activity_name, activity_type, timezone, start_ms), one per measure that has an admitted effort. */
export function bestsOf(userId: number, kind: EffortKind, measures: readonly number[], activityFilter: SQL): SQL {
  return sql`select ${kind}::text as kind, m.measure, best.value, best.activity_id, best.activity_name, best.activity_type, best.timezone, best.start_ms
    from unnest(array[${sql.join(
      measures.map((m) => sql`${m}`),
      sql`, `,
    )}]::double precision[]) as m(measure)
    cross join lateral (select e.value, e.activity_id, a.name as activity_name, a.activity_type, a.timezone,
        (extract(epoch from a.start_time) * 1000)::float8 as start_ms
      from activity_efforts e join activities a on a.id = e.activity_id
      where e.user_id = ${userId} and e.kind = ${kind} and e.measure = m.measure and ${activityFilter}
      order by e.value ${sql.raw(LEAST_IS_BEST.includes(kind) ? 'asc' : 'desc')}, a.start_time, a.id limit 1) best`;
}
