import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LOCALES } from '../../i18n/locales';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email'),
    name: text('name').notNull().default(''),
    // null for accounts that only sign in through an identity provider
    passwordHash: text('password_hash'),
    accessType: text('access_type', { enum: ['regular', 'admin'] })
      .notNull()
      .default('regular'),
    active: boolean('active').notNull().default(true),
    preferredUnits: text('preferred_units', { enum: ['metric', 'imperial'] })
      .notNull()
      .default('metric'),
    timezone: text('timezone').notNull().default('UTC'),
    // the web app's language; null follows the browser's Accept-Language
    locale: text('locale', { enum: LOCALES }),
    maxHeartRate: integer('max_heart_rate'),
    birthdate: date('birthdate', { mode: 'string' }),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    // AES-GCM sealed under a key derived from SECRET_KEY (server/auth/secret-box.ts)
    mfaSecret: text('mfa_secret'),
    // the last accepted TOTP time step: a code is accepted once (no replay within its window)
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_access_type_check', sql`${t.accessType} in ('regular', 'admin')`),
    check('users_locale_check', sql.raw(`locale in (${LOCALES.map((l) => `'${l}'`).join(', ')})`)),
  ],
);

export type UserRow = typeof users.$inferSelect;
