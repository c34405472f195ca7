import { now } from '@/server/clock';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { gears } from '@/db/schema';
import { gearNotFound, getGearOrThrow } from './get-gear-or-throw';
import type { GearRecord } from './gear-record';
import { nicknameKey } from './nickname-key';
import type { UpdateGearInput } from './schemas';
import { withUniqueNickname } from './unique-nickname';

export async function updateGear(db: Db, userId: number, gearId: number, input: UpdateGearInput): Promise<GearRecord> {
  const set: Partial<typeof gears.$inferInsert> = { updatedAt: now() };
  if (input.nickname !== undefined) Object.assign(set, { nickname: input.nickname, nicknameKey: nicknameKey(input.nickname) });
  if (input.gear_type !== undefined) set.gearType = input.gear_type;
  if (input.brand !== undefined) set.brand = input.brand || null;
  if (input.model !== undefined) set.model = input.model || null;
  if (input.active !== undefined) set.active = input.active;
  const rows = await withUniqueNickname(input.nickname ?? '', () =>
    db
      .update(gears)
      .set(set)
      .where(and(eq(gears.id, gearId), eq(gears.userId, userId)))
      .returning({ id: gears.id }),
  );
  if (!rows.length) throw gearNotFound();
  return getGearOrThrow(db, userId, gearId);
}
