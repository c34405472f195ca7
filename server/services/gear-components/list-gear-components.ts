import { and, asc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { activities, gearComponents, gears, type GearComponentRow } from '@/db/schema';
import { AppError } from '@/server/errors';
import type { ComponentResponse } from './schemas';

// CONTRACT: Explorer, goals, gear components, segments: a component's use counts the activities of
// its gear that start at or after installed_at and before retired_at.

export const componentNotFound = () => new AppError('not_found', { detail: 'No such component.' });

export interface ComponentWithUse {
  row: GearComponentRow;
  distance: number;
  movingTime: number;
}

export function componentRecord({ row, distance, movingTime }: ComponentWithUse): ComponentResponse {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    installed_at: row.installedAt.toISOString(),
    retired_at: row.retiredAt?.toISOString() ?? null,
    expected_distance: row.expectedDistance,
    expected_time: row.expectedTime,
    distance,
    moving_time: movingTime,
  };
}

/** The user's components with their use, narrowed by `where` (a gear, one component, or none due yet). */
export async function componentsWithUse(db: Db, userId: number, where?: SQL): Promise<ComponentWithUse[]> {
  const rows = await db
    .select({
      row: gearComponents,
      distance: sql<number>`coalesce(sum(${activities.distance}), 0)`.mapWith(Number),
      movingTime: sql<number>`coalesce(sum(${activities.movingTime}), 0)`.mapWith(Number),
    })
    .from(gearComponents)
    .leftJoin(
      activities,
      and(
        eq(activities.gearId, gearComponents.gearId),
        gte(activities.startTime, gearComponents.installedAt),
        or(isNull(gearComponents.retiredAt), lt(activities.startTime, gearComponents.retiredAt)),
      ),
    )
    .where(and(eq(gearComponents.userId, userId), where))
    .groupBy(gearComponents.id)
    .orderBy(asc(gearComponents.installedAt), asc(gearComponents.id));
  return rows;
}

/** 404 unless the gear is the user's. */
export async function assertOwnGear(db: Db, userId: number, gearId: number): Promise<void> {
  const [own] = await db
    .select({ id: gears.id })
    .from(gears)
    .where(and(eq(gears.id, gearId), eq(gears.userId, userId)));
  if (!own) throw new AppError('not_found', { detail: 'No such gear.' });
}

export async function listGearComponents(db: Db, userId: number, gearId: number): Promise<ComponentResponse[]> {
  await assertOwnGear(db, userId, gearId);
  return (await componentsWithUse(db, userId, eq(gearComponents.gearId, gearId))).map(componentRecord);
}

export async function getGearComponentOrThrow(db: Db, userId: number, gearId: number, componentId: number): Promise<ComponentResponse> {
  const [found] = await componentsWithUse(db, userId, and(eq(gearComponents.gearId, gearId), eq(gearComponents.id, componentId)));
  if (!found) throw componentNotFound();
  return componentRecord(found);
}
