import type { Db } from '@/db/client';
import { gears } from '@/db/schema';
import { getGearOrThrow } from './get-gear-or-throw';
import type { GearRecord } from './gear-record';
import { nicknameKey } from './nickname-key';
import type { CreateGearInput } from './schemas';
import { withUniqueNickname } from './unique-nickname';

export async function createGear(db: Db, userId: number, input: CreateGearInput): Promise<GearRecord> {
  const [row] = await withUniqueNickname(input.nickname, () =>
    db
      .insert(gears)
      .values({
        userId,
        nickname: input.nickname,
        nicknameKey: nicknameKey(input.nickname),
        gearType: input.gear_type,
        brand: input.brand || null,
        model: input.model || null,
        active: input.active ?? true,
      })
      .returning({ id: gears.id }),
  );
  return getGearOrThrow(db, userId, row!.id);
}
