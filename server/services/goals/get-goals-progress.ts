import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { goals, type GoalPeriod, type GoalRow } from '@/db/schema';
import { selectRows } from '@/db/select-rows';
import { now } from '@/server/clock';
import { typesNamed } from '../efforts/sport-families';
import { userTimezone } from '../stats/user-timezone';
import type { GoalProgress } from './schemas';

// CONTRACT: Explorer, goals, gear components, segments: GET /profile/goals/progress. Each goal's
// current period of the profile's timezone (weeks from Monday, as the statistics), summed over
// activity_days (the visible activities' figures per local day, kept by triggers).

type Bounds = Record<GoalPeriod, { start: string; end: string }>;
interface DayRow {
  day: string;
  activity_type: string;
  count: number;
  distance: number;
  moving_time: number;
  elevation_gain: number;
}

/** Today's week, month and year in `timezone`: first local day and the day after the last. */
async function currentPeriods(db: Db, timezone: string): Promise<Bounds> {
  const today = sql`(${now().toISOString()}::timestamptz at time zone ${timezone})`;
  const bound = (period: GoalPeriod) =>
    sql`to_char(date_trunc('${sql.raw(period)}', ${today}), 'YYYY-MM-DD') as ${sql.raw(`${period}_start`)},
      to_char(date_trunc('${sql.raw(period)}', ${today}) + interval '1 ${sql.raw(period)}', 'YYYY-MM-DD') as ${sql.raw(`${period}_end`)}`;
  const [row] = await selectRows<Record<`${GoalPeriod}_${'start' | 'end'}`, string>>(db, sql`select ${bound('week')}, ${bound('month')}, ${bound('year')}`);
  return {
    week: { start: row!.week_start, end: row!.week_end },
    month: { start: row!.month_start, end: row!.month_end },
    year: { start: row!.year_start, end: row!.year_end },
  };
}

export function goalValue(goal: Pick<GoalRow, 'metric' | 'activityType'>, days: readonly DayRow[]): number {
  const types = goal.activityType ? new Set<string>(typesNamed(goal.activityType)) : null;
  let value = 0;
  for (const d of days) if (!types || types.has(d.activity_type)) value += d[goal.metric];
  return value;
}

/** The progress of every goal of the user (the goals too, for the caller that announces them). */
export async function getGoalsProgressWithRows(db: Db, userId: number): Promise<{ goal: GoalRow; progress: GoalProgress }[]> {
  const rows = await db.select().from(goals).where(eq(goals.userId, userId)).orderBy(asc(goals.id));
  if (!rows.length) return [];
  const bounds = await currentPeriods(db, await userTimezone(db, userId));
  const from = [bounds.week.start, bounds.year.start].sort()[0]!;
  const to = [bounds.week.end, bounds.year.end].sort()[1]!;
  const days = await selectRows<DayRow>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, activity_type, count, distance, moving_time, elevation_gain
      from activity_days where user_id = ${userId} and day >= ${from}::date and day < ${to}::date`,
  );
  return rows.map((goal) => {
    const { start, end } = bounds[goal.period];
    const value = goalValue(
      goal,
      days.filter((d) => d.day >= start && d.day < end),
    );
    return { goal, progress: { goal_id: goal.id, period_start: start, value, target: goal.target, reached: value >= goal.target } };
  });
}

export async function getGoalsProgress(db: Db, userId: number): Promise<GoalProgress[]> {
  return (await getGoalsProgressWithRows(db, userId)).map((p) => p.progress);
}
