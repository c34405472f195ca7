import { and, asc, desc, eq, gte, ilike, lt, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, type ActivityRow } from '@/db/schema';
import { activityRecord } from './activity-record';
import type { ListActivitiesInput } from './schemas';

// CONTRACT: GET /activities: the filters, the sort and the paging of a page and its totals, shared
// by the one read (activity-page-json.ts) and the row read tests compare it with.

const SORT = {
  start_time: activities.startTime,
  distance: activities.distance,
  duration: activities.totalElapsedTime,
  name: activities.name,
} as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

const p = (name: string) => sql.placeholder(name);

/** The filter of a request, with placeholders for its values: its shape decides the statement. */
export function filterOf(input: ListActivitiesInput, owner: Column | Placeholder): SQL {
  const where: SQL[] = [eq(activities.userId, owner)];
  if (!input.include_hidden) where.push(eq(activities.isHidden, false));
  if (input.type) where.push(eq(activities.activityType, p('type')));
  if (input.start_date) where.push(gte(activities.startTime, p('start')));
  // CONTRACT: Settled details: end_date includes the whole end day (UTC)
  if (input.end_date) where.push(lt(activities.startTime, p('end')));
  if (input.q) where.push(ilike(activities.name, p('q')));
  if (input.gear_id) where.push(eq(activities.gearId, p('gearId')));
  return and(...where)!;
}

export function valuesOf(input: ListActivitiesInput) {
  return {
    type: input.type,
    start: input.start_date && `${input.start_date}T00:00:00Z`,
    end: input.end_date && nextDay(input.end_date),
    q: input.q && `%${escapeLike(input.q)}%`,
    gearId: input.gear_id,
    limit: input.page_size,
    offset: (input.page - 1) * input.page_size,
  };
}

/** The page's order; the id breaks ties, so pages never overlap. */
export function orderByOf(input: ListActivitiesInput): SQL[] {
  const column = SORT[input.sort_by];
  const direction = input.sort_order === 'asc' ? asc : desc;
  return input.sort_by === 'name'
    ? [direction(sql`lower(${column})`), direction(activities.id)]
    : [sql`${direction(column)} nulls last`, direction(activities.id)];
}

const SHAPE_KEYS = ['include_hidden', 'type', 'start_date', 'end_date', 'q', 'gear_id'] as const;

/** Statements prepared once per database and request shape: the filters set (not their values), the sort and its order. */
export function statementsPerShape<S>(prepare: (db: Db, input: ListActivitiesInput) => S): (db: Db, input: ListActivitiesInput) => S {
  const statements = new WeakMap<Db, Map<string, S>>();
  return (db, input) => {
    const shape = `${SHAPE_KEYS.map((k) => (input[k] ? 1 : 0)).join('')}:${input.sort_by}:${input.sort_order}`;
    let byShape = statements.get(db);
    if (!byShape) statements.set(db, (byShape = new Map()));
    let prepared = byShape.get(shape);
    if (!prepared) byShape.set(shape, (prepared = prepare(db, input)));
    return prepared;
  };
}

export interface Totals {
  count: number;
  distance: number | null;
  movingTime: number | null;
  elevationGain: number | null;
}

export function pageOf(input: ListActivitiesInput, rows: ActivityRow[], totals: Totals | undefined) {
  const total = totals?.count ?? 0;
  return {
    items: rows.map(activityRecord),
    total,
    page: input.page,
    page_size: input.page_size,
    next: input.page * input.page_size < total ? input.page + 1 : null,
    totals: {
      count: total,
      distance: totals?.distance ?? 0,
      moving_time: totals?.movingTime ?? 0,
      elevation_gain: totals?.elevationGain ?? 0,
    },
  };
}

export type ActivityPage = ReturnType<typeof pageOf>;
