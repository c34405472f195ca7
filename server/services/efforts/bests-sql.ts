import { sql, type SQL } from 'drizzle-orm';
import { EFFORT_KINDS, type EffortKind } from '@/db/schema';

// CONTRACT: Beyond the spec … Best efforts and records; … Curves: the best stored value of each
// measure (least time for distances, most watts or bpm for durations; ties: the earlier start)
// among the activities `activityFilter` admits (alias `a`), one lateral index range per measure,
// best first with ties by the earlier start (activity_efforts_least_first_idx / _most_first_idx on
// the efforts' copy of their activity's start), read until its first admitted activity, planned
// once for all of them. GET /records and GET /curves both read their bests here. Ordering ties by
// the activities' own start_time read every effort of the best value first and sorted them: 14 ms
// of a 20 ms curve over 10,000 activities whose bests tie (bench/performance/explain.ts). The
// kind is written into the statement so the planner can take the partial index for it.

/** Kinds whose best is the least value (elapsed seconds over a distance). */
const LEAST_IS_BEST: readonly EffortKind[] = ['distance', 'gap'];

/** The best-first order of a kind's index (its partial index's columns after the measure). */
const bestFirst = (kind: EffortKind) =>
  sql.raw(LEAST_IS_BEST.includes(kind) ? 'e.value, e.activity_start, e.activity_id' : 'e.value desc nulls last, e.activity_start, e.activity_id');

/** The kind as a literal of the statement: only one of EFFORT_KINDS ever. */
function kindLiteral(kind: EffortKind): EffortKind {
  if (!EFFORT_KINDS.includes(kind)) throw new Error(`not an effort kind: ${kind}`);
  return kind;
}

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
      where e.user_id = ${userId} and e.kind = ${sql.raw(`'${kindLiteral(kind)}'`)} and e.measure = m.measure and ${activityFilter}
      order by ${bestFirst(kind)} limit 1) best`;
}
