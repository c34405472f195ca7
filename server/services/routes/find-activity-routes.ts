import { and, eq, gte, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityRoutes } from '@/db/schema';
import { parseBbox } from './parse-bbox';
import type { FindActivityRoutesInput } from './schemas';

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

function filterOf(userId: number, input: FindActivityRoutesInput): SQL {
  const where: (SQL | undefined)[] = [eq(activities.userId, userId), eq(activities.isHidden, false), isNotNull(activityRoutes.polyline)];
  if (input.type) where.push(eq(activities.activityType, input.type));
  if (input.start_date) where.push(gte(activities.startTime, dayStart(input.start_date)));
  // as GET /activities (CONTRACT: Settled details): end_date includes the whole end day (UTC)
  if (input.end_date) where.push(lt(activities.startTime, nextDay(input.end_date)));
  if (input.bbox !== undefined) {
    const box = parseBbox(input.bbox);
    where.push(gte(activityRoutes.maxLat, box.minLat), lte(activityRoutes.minLat, box.maxLat));
    where.push(gte(activityRoutes.maxLon, box.minLon), lte(activityRoutes.minLon, box.maxLon));
  }
  return and(...where)!;
}

/**
 * CONTRACT: Beyond the spec … Maps, privacy zones, sharing: the owner's routes (every visible
 * activity with a route; indoor and position-less ones have none), oldest first, as the JSON text
 * of the answer. The owner's own view: privacy zones do not apply. A bbox keeps routes whose
 * recorded track's box meets it. The database writes the JSON: 10,000 routes are one text value,
 * not 10,000 rows to decode and encode again (bench/maps/routes.ts).
 */
export async function findActivityRoutesJson(db: Db, userId: number, input: FindActivityRoutesInput): Promise<string> {
  const item = sql`json_build_object('id', ${activities.id}, 'activity_type', ${activities.activityType},
    'start_time', to_char(${activities.startTime} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'polyline', ${activityRoutes.polyline})`;
  const [row] = await db
    .select({ json: sql<string>`json_build_object('items', coalesce(json_agg(${item} order by ${activities.startTime}, ${activities.id}), '[]'::json))::text` })
    .from(activityRoutes)
    .innerJoin(activities, eq(activities.id, activityRoutes.activityId))
    .where(filterOf(userId, input));
  return row!.json;
}
