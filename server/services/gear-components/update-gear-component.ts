import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { gearComponents } from '@/db/schema';
import { validationError } from '@/server/errors';
import { announceDueComponents } from './announce-due-components';
import { componentInstant } from './component-instant';
import { componentNotFound, getGearComponentOrThrow } from './list-gear-components';
import type { ComponentResponse, UpdateComponentInput } from './schemas';

export function assertInstalledBeforeRetired(installedAt: Date, retiredAt: Date | null): void {
  if (retiredAt && retiredAt <= installedAt) throw validationError([{ field: '/retired_at', message: 'retired_at must be after installed_at' }]);
}

export async function updateGearComponent(
  db: Db,
  userId: number,
  gearId: number,
  componentId: number,
  input: UpdateComponentInput,
): Promise<ComponentResponse> {
  const where = and(eq(gearComponents.id, componentId), eq(gearComponents.gearId, gearId), eq(gearComponents.userId, userId));
  const [current] = await db.select().from(gearComponents).where(where);
  if (!current) throw componentNotFound();
  const set: Partial<typeof gearComponents.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.kind !== undefined) set.kind = input.kind;
  if (input.installed_at !== undefined) set.installedAt = await componentInstant(db, userId, input.installed_at);
  if (input.retired_at !== undefined) set.retiredAt = input.retired_at === null ? null : await componentInstant(db, userId, input.retired_at);
  if (input.expected_distance !== undefined) set.expectedDistance = input.expected_distance;
  if (input.expected_time !== undefined) set.expectedTime = input.expected_time;
  if ((set.expectedDistance ?? current.expectedDistance) == null && (set.expectedTime ?? current.expectedTime) == null)
    throw validationError([{ field: '/expected_distance', message: 'expected_distance or expected_time is required' }]);
  assertInstalledBeforeRetired(set.installedAt ?? current.installedAt, set.retiredAt === undefined ? current.retiredAt : set.retiredAt);
  if (Object.keys(set).length) await db.update(gearComponents).set(set).where(where);
  await announceDueComponents(db, userId);
  return getGearComponentOrThrow(db, userId, gearId, componentId);
}
