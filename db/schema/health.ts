import { date, doublePrecision, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

// CONTRACT: Gear and health: one weight entry per user and day.
export const healthWeights = pgTable(
  'health_weights',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    weight: doublePrecision('weight').notNull(),
    // Issue 51: optional body composition (openScale, the Endurain API): % of body weight, kg, and a
    // unitless rating (server/services/weight/body-composition.ts holds the units and bounds)
    bodyFat: doublePrecision('body_fat'),
    bodyWater: doublePrecision('body_water'),
    muscleMass: doublePrecision('muscle_mass'),
    boneMass: doublePrecision('bone_mass'),
    visceralFat: doublePrecision('visceral_fat'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('health_weights_user_day_idx').on(t.userId, t.day)],
);

export type HealthWeightRow = typeof healthWeights.$inferSelect;
