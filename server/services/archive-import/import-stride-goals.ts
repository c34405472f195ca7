import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { gearComponents, gears, goals } from '@/db/schema';
import { nicknameKey } from '../gear/nickname-key';
import type { StrideData } from './read-stride-json';

// stride.json's goals and gear components (CONTRACT: Explorer, goals, gear components, segments).
// What the account holds already is kept: a goal equal in period, metric, type and target, a
// component of the same gear, name, kind and installed_at. A second import changes nothing.

export interface GoalsOutcome {
  goals: { created: number; skipped: number };
  components: { created: number; skipped: number };
}

export async function importStrideGoals(db: Db, userId: number, data: Pick<StrideData, 'goals' | 'gear'>): Promise<GoalsOutcome> {
  const held = new Set((await db.select().from(goals).where(eq(goals.userId, userId))).map((g) => `${g.period}|${g.metric}|${g.activityType}|${g.target}`));
  const newGoals = data.goals.filter((g) => {
    const key = `${g.period}|${g.metric}|${g.type}|${g.target}`;
    return held.has(key) ? false : (held.add(key), true);
  });
  if (newGoals.length)
    await db
      .insert(goals)
      .values(newGoals.map((g) => ({ userId, period: g.period, metric: g.metric, activityType: g.type, target: g.target, reachedPeriod: g.reached_period })));

  const gearByKey = new Map((await db.select({ id: gears.id, key: gears.nicknameKey }).from(gears).where(eq(gears.userId, userId))).map((g) => [g.key, g.id]));
  const heldParts = new Set(
    (await db.select().from(gearComponents).where(eq(gearComponents.userId, userId))).map((c) => `${c.gearId}|${c.name}|${c.kind}|${c.installedAt.getTime()}`),
  );
  const parts: (typeof gearComponents.$inferInsert)[] = [];
  let offered = 0;
  for (const gear of data.gear) {
    const gearId = gearByKey.get(nicknameKey(gear.nickname));
    for (const c of gear.components) {
      offered += 1;
      const key = `${gearId}|${c.name}|${c.kind}|${c.installed_at.getTime()}`;
      if (gearId === undefined || heldParts.has(key)) continue;
      heldParts.add(key);
      parts.push({
        gearId,
        userId,
        name: c.name,
        kind: c.kind,
        installedAt: c.installed_at,
        retiredAt: c.retired_at,
        expectedDistance: c.expected_distance,
        expectedTime: c.expected_time,
        dueNotifiedAt: c.due_notified_at,
      });
    }
  }
  if (parts.length) await db.insert(gearComponents).values(parts);
  return {
    goals: { created: newGoals.length, skipped: data.goals.length - newGoals.length },
    components: { created: parts.length, skipped: offered - parts.length },
  };
}
