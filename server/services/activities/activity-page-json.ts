import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, users } from '@/db/schema';
import { prepareOnServer } from '@/db/pglite-prepared';
import { activityRecordFields, asJsonStringify } from './activity-json';
import { filterOf, orderByOf, pageOf, statementsPerShape, valuesOf, type Totals } from './activity-page-query';
import type { ListActivitiesInput } from './schemas';

// GET /activities as JSON text written by the database: the page's records come as one string
// that Node passes on; only the session, the totals and the paging are decoded (bench/reads).

const p = (name: string) => sql.placeholder(name);

/** The page's activity records, comma-separated in the page's order; null for an empty page. */
function itemsOf(input: ListActivitiesInput, owner: Column): SQL<string | null> {
  const orderBy = sql.join(orderByOf(input), sql`, `);
  return sql<string | null>`(select string_agg(page.item, ',' order by page.n) from (
    select row_to_json(record)::text as item, row_number() over (order by ${orderBy}) as n
    from ${activities} cross join lateral (select ${activityRecordFields}) record
    where ${filterOf(input, owner)} order by ${orderBy} limit ${p('limit')} offset ${p('offset')}) page)`;
}

/** The totals of the whole filtered set: an aggregate, so a page past the end still has its row. */
function totalsOf(db: Db, input: ListActivitiesInput, owner: Column) {
  return db
    .select({
      count: sql<number>`count(*)`.mapWith(Number).as('count'),
      distance: sql<number | null>`sum(${activities.distance})`.mapWith(Number).as('distance'),
      movingTime: sql<number | null>`sum(${activities.movingTime})`.mapWith(Number).as('moving_time'),
      elevationGain: sql<number | null>`sum(${activities.elevationGain})`.mapWith(Number).as('elevation_gain'),
    })
    .from(activities)
    .where(filterOf(input, owner))
    .as('totals');
}

function prepare(db: Db, input: ListActivitiesInput) {
  const totals = totalsOf(db, input, users.id);
  const columns = {
    items: itemsOf(input, users.id),
    count: totals.count,
    distance: totals.distance,
    movingTime: totals.movingTime,
    elevationGain: totals.elevationGain,
  };
  return prepareOnServer(
    db,
    'activity_page_json',
    db
      .select(columns)
      .from(users)
      .crossJoinLateral(totals)
      .where(eq(users.id, p('userId'))),
    Object.keys(columns),
  );
}

const pageStatementFor = statementsPerShape(prepare);

// sum() is null over no rows: drizzle calls no decoder for a null
type PageRow = Totals & { items: string | null };
const NO_USER: PageRow = { items: null, count: 0, distance: null, movingTime: null, elevationGain: null };

function pageText(input: ListActivitiesInput, row: PageRow): string {
  // the paging and totals exactly as pageOf writes them; only the items are spliced in
  const { items: _, ...rest } = pageOf(input, [], row);
  return `{"items":[${row.items === null ? '' : asJsonStringify(row.items)}],${JSON.stringify(rest).slice(1)}`;
}

/** CONTRACT: GET /activities filters, sort and paging, plus totals of the whole filtered set, as JSON text. */
export async function findActivitiesJson(db: Db, userId: number, input: ListActivitiesInput): Promise<string> {
  const [row] = await pageStatementFor(db, input).execute({ ...valuesOf(input), userId });
  return pageText(input, row ?? NO_USER);
}
