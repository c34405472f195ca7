import type { Db } from '@/db/client';
import { gearComponents } from '@/db/schema';
import { announceDueComponents } from './announce-due-components';
import { componentInstant } from './component-instant';
import { assertOwnGear, getGearComponentOrThrow } from './list-gear-components';
import { createComponentInput, type ComponentResponse, type CreateComponentInput } from './schemas';
import { assertInstalledBeforeRetired } from './update-gear-component';

/** A component installed in the past counts the activities since: it may be due at once (and is announced then). */
export async function createGearComponent(db: Db, userId: number, gearId: number, input: CreateComponentInput): Promise<ComponentResponse> {
  const c = createComponentInput.parse(input);
  await assertOwnGear(db, userId, gearId);
  const installedAt = await componentInstant(db, userId, c.installed_at);
  const retiredAt = c.retired_at == null ? null : await componentInstant(db, userId, c.retired_at);
  assertInstalledBeforeRetired(installedAt, retiredAt);
  const [row] = await db
    .insert(gearComponents)
    .values({ gearId, userId, name: c.name, kind: c.kind, installedAt, retiredAt, expectedDistance: c.expected_distance, expectedTime: c.expected_time })
    .returning({ id: gearComponents.id });
  await announceDueComponents(db, userId);
  return getGearComponentOrThrow(db, userId, gearId, row!.id);
}
