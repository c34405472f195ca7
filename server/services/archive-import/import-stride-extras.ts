import type { Db } from '@/db/client';
import { gears, healthWeights } from '@/db/schema';
import { nicknameKey } from '../gear/nickname-key';
import { importStrideGoals, type GoalsOutcome } from './import-stride-goals';
import type { StrideData } from './read-stride-json';
import { bodyCompositionColumns, bodyCompositionOf } from '../weight/body-composition';

// stride.json's gear (every type, with brand, model, active and the provider's gear id, and its
// components), weight entries and goals. Imported before bikes.csv and shoes.csv, so those find the exact gear and skip it. What
// the account already holds (a nickname, a day) is kept as it is: a second import changes nothing.

export interface ExtrasOutcome extends GoalsOutcome {
  gear: { created: number; skipped: number };
  weights: { created: number; skipped: number };
}

export async function importStrideExtras(db: Db, userId: number, data: StrideData): Promise<ExtrasOutcome> {
  const gearValues = data.gear.map((g) => ({
    userId,
    nickname: g.nickname,
    nicknameKey: nicknameKey(g.nickname),
    gearType: g.gear_type,
    brand: g.brand,
    model: g.model,
    active: g.active,
    providerGearId: g.provider_gear_id,
  }));
  const createdGear = gearValues.length ? await db.insert(gears).values(gearValues).onConflictDoNothing().returning({ id: gears.id }) : [];
  const weightValues = data.weights.map((w) => ({ userId, day: w.day, weight: w.weight, ...bodyCompositionColumns(bodyCompositionOf(w)) }));
  const createdWeights = weightValues.length
    ? await db.insert(healthWeights).values(weightValues).onConflictDoNothing().returning({ id: healthWeights.id })
    : [];
  const goalsOutcome = await importStrideGoals(db, userId, data);
  return {
    ...goalsOutcome,
    gear: { created: createdGear.length, skipped: gearValues.length - createdGear.length },
    weights: { created: createdWeights.length, skipped: weightValues.length - createdWeights.length },
  };
}
