import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, gears } from '@/db/schema';
import { gearRecord, type GearRecord } from './gear-record';

/** The user's gear with usage totals; `only` narrows to one id (get-gear-or-throw). */
export async function listGears(db: Db, userId: number, only?: number): Promise<GearRecord[]> {
  const where: SQL[] = [eq(gears.userId, userId)];
  if (only !== undefined) where.push(eq(gears.id, only));
  const rows = await db
    .select({
      gear: gears,
      totalDistance: sql<number>`coalesce(sum(${activities.distance}), 0)`.mapWith(Number),
      activityCount: count(activities.id),
    })
    .from(gears)
    .leftJoin(activities, eq(activities.gearId, gears.id))
    .where(and(...where))
    .groupBy(gears.id)
    .orderBy(asc(gears.gearType), asc(gears.id));
  return rows.map((r) => gearRecord(r.gear, { totalDistance: r.totalDistance, activityCount: r.activityCount }));
}
