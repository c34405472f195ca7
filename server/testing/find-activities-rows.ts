import { count, sql, sum } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities } from '@/db/schema';
import { filterOf, orderByOf, pageOf, statementsPerShape, valuesOf, type ActivityPage } from '@/server/services/activities/activity-page-query';
import type { ListActivitiesInput } from '@/server/services/activities/schemas';

// GET /activities read the plain way, as rows that Node decodes and maps with activityRecord:
// what the one read (activity-page-json.ts, the database writing the JSON) must mean. Tests
// compare the two, and bench/reads measures what the JSON read saves.

const p = (name: string) => sql.placeholder(name);

// The totals of the whole filtered set ride along as window aggregates (count of ids, not rows:
// a page past the end has no row, and its totals come from a second statement).
const pageColumns = {
  activity: activities,
  count: sql<number>`count(${activities.id}) over ()`.mapWith(Number),
  distance: sql<number>`sum(${activities.distance}) over ()`.mapWith(Number),
  movingTime: sql<number>`sum(${activities.movingTime}) over ()`.mapWith(Number),
  elevationGain: sql<number>`sum(${activities.elevationGain}) over ()`.mapWith(Number),
};

const statementsFor = statementsPerShape((db: Db, input: ListActivitiesInput) => ({
  page: db
    .select(pageColumns)
    .from(activities)
    .where(filterOf(input, p('userId')))
    .orderBy(...orderByOf(input))
    .limit(p('limit'))
    .offset(p('offset'))
    .prepare('find_activities_rows_page'),
  totals: db
    .select({
      count: count(),
      distance: sum(activities.distance).mapWith(Number),
      movingTime: sum(activities.movingTime).mapWith(Number),
      elevationGain: sum(activities.elevationGain).mapWith(Number),
    })
    .from(activities)
    .where(filterOf(input, p('userId')))
    .prepare('find_activities_rows_totals'),
}));

/** CONTRACT: GET /activities filters, sort and paging, plus totals of the whole filtered set, from rows. */
export async function findActivitiesFromRows(db: Db, userId: number, input: ListActivitiesInput): Promise<ActivityPage> {
  const prepared = statementsFor(db, input);
  const values = { ...valuesOf(input), userId };
  const rows = await prepared.page.execute(values);
  const totals = rows[0] ?? (input.page > 1 ? (await prepared.totals.execute(values))[0] : undefined);
  return pageOf(
    input,
    rows.map((row) => row.activity),
    totals,
  );
}
