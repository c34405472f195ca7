import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';

// CONTRACT: Gear and health: gear_type wire values; the nickname is unique per user compared
// case-insensitively with `+` read as a space. nickname_key holds that comparison form
// (server/services/gear/nickname-key.ts) so the unique index enforces the rule.
export const GEAR_TYPES = ['bike', 'shoes', 'wetsuit', 'racquet', 'ski', 'snowboard', 'other'] as const;
export type GearType = (typeof GEAR_TYPES)[number];

export const gears = pgTable(
  'gears',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brand: text('brand'),
    model: text('model'),
    nickname: text('nickname').notNull(),
    nicknameKey: text('nickname_key').notNull(),
    gearType: text('gear_type', { enum: GEAR_TYPES }).notNull(),
    active: boolean('active').notNull().default(true),
    providerGearId: bigint('provider_gear_id', { mode: 'number' }),
    // A blank-named row of an archive's gear CSV has no name to be found by again: it is known by
    // the file and its row (server/services/gear/import-gear-csv.ts), so a re-import creates none.
    importKey: text('import_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gears_user_nickname_key_idx').on(t.userId, t.nicknameKey),
    index('gears_user_idx').on(t.userId),
    uniqueIndex('gears_user_import_key_idx').on(t.userId, t.importKey),
    check('gears_gear_type_check', sql`${t.gearType} in ('bike', 'shoes', 'wetsuit', 'racquet', 'ski', 'snowboard', 'other')`),
  ],
);

export type GearRow = typeof gears.$inferSelect;
