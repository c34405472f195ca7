import { and, asc, count, desc, eq, gte, ilike, lt, sql, sum, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities } from '@/db/schema';
import { activityRecord } from './activity-record';
import type { ListActivitiesInput } from './schemas';

const SORT = {
  start_time: activities.startTime,
  distance: activities.distance,
  duration: activities.totalElapsedTime,
  name: activities.name,
} as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** CONTRACT: GET /activities filters, sort and paging, plus totals of the whole filtered set. */
export async function findActivities(db: Db, userId: number, input: ListActivitiesInput) {
  const where: SQL[] = [eq(activities.userId, userId)];
  if (!input.include_hidden) where.push(eq(activities.isHidden, false));
  if (input.type) where.push(eq(activities.activityType, input.type));
  if (input.start_date) where.push(gte(activities.startTime, new Date(`${input.start_date}T00:00:00Z`)));
  // CONTRACT settled: end_date includes the whole end day (UTC)
  if (input.end_date) where.push(lt(activities.startTime, nextDay(input.end_date)));
  if (input.q) where.push(ilike(activities.name, `%${escapeLike(input.q)}%`));
  if (input.gear_id) where.push(eq(activities.gearId, input.gear_id));
  const filter = and(...where);
  const column = SORT[input.sort_by];
  const direction = input.sort_order === 'asc' ? asc : desc;
  const orderBy = input.sort_by === 'name' ? [direction(sql`lower(${column})`), direction(activities.id)] : [sql`${direction(column)} nulls last`, direction(activities.id)];
  const [rows, [totals]] = await Promise.all([
    db.select().from(activities).where(filter).orderBy(...orderBy).limit(input.page_size).offset((input.page - 1) * input.page_size),
    db
      .select({
        count: count(),
        distance: sum(activities.distance).mapWith(Number),
        movingTime: sum(activities.movingTime).mapWith(Number),
        elevationGain: sum(activities.elevationGain).mapWith(Number),
      })
      .from(activities)
      .where(filter),
  ]);
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
