import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { gearComponents } from '@/db/schema';
import { now } from '@/server/clock';
import { AppError } from '@/server/errors';
import { componentInstant } from './component-instant';
import { componentNotFound, getGearComponentOrThrow } from './list-gear-components';
import type { ComponentResponse, ReplaceComponentInput } from './schemas';
import { assertInstalledBeforeRetired } from './update-gear-component';

/**
 * "Replace" in one step: the component is retired at `at` (now by default) and a new one with its
 * name, kind and expected figures is installed at the same instant, in one transaction. Answers the new one.
 */
export async function replaceGearComponent(
  db: Db,
  userId: number,
  gearId: number,
  componentId: number,
  input: ReplaceComponentInput,
): Promise<ComponentResponse> {
  const at = input.at ? await componentInstant(db, userId, input.at) : now();
  const id = await db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(gearComponents)
      .where(and(eq(gearComponents.id, componentId), eq(gearComponents.gearId, gearId), eq(gearComponents.userId, userId)));
    if (!old) throw componentNotFound();
    if (old.retiredAt) throw new AppError('conflict', { detail: 'The component is retired already.' });
    assertInstalledBeforeRetired(old.installedAt, at);
    const retired = await tx
      .update(gearComponents)
      .set({ retiredAt: at })
      .where(and(eq(gearComponents.id, componentId), isNull(gearComponents.retiredAt)))
      .returning({ id: gearComponents.id });
    if (!retired.length) throw new AppError('conflict', { detail: 'The component is retired already.' });
    const [created] = await tx
      .insert(gearComponents)
      .values({ gearId, userId, name: old.name, kind: old.kind, installedAt: at, expectedDistance: old.expectedDistance, expectedTime: old.expectedTime })
      .returning({ id: gearComponents.id });
    return created!.id;
  });
  return getGearComponentOrThrow(db, userId, gearId, id);
}
