import { and, asc, eq, gte, isNotNull, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, activityRoutes } from '@/db/schema';
import { parseBbox } from './parse-bbox';
import type { ActivityRoutes, FindActivityRoutesInput } from './schemas';

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/**
 * CONTRACT: Beyond the spec … Maps, privacy zones, sharing: the owner's routes (every visible
 * activity with a route; indoor and position-less ones have none), oldest first. The owner's own
 * view: privacy zones do not apply. A bbox keeps routes whose recorded track's box meets it.
 */
export async function findActivityRoutes(db: Db, userId: number, input: FindActivityRoutesInput): Promise<ActivityRoutes> {
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
  const rows = await db
    .select({ id: activities.id, type: activities.activityType, start: activities.startTime, polyline: activityRoutes.polyline })
    .from(activityRoutes)
    .innerJoin(activities, eq(activities.id, activityRoutes.activityId))
    .where(and(...where))
    .orderBy(asc(activities.startTime), asc(activities.id));
  return { items: rows.map((r) => ({ id: r.id, activity_type: r.type, start_time: r.start.toISOString(), polyline: r.polyline! })) };
}
