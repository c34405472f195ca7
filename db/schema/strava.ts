import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

// CONTRACT: Strava: one link per user. Both tokens are sealed at rest (server/auth/secret-box.ts,
// 'provider-token-box'); the refresh token rotates on refresh and is replaced in one update.
// CONTRACT: Strava (changed 2026-11-25): one Strava athlete is linked to at most one account.
export const stravaLinks = pgTable(
  'strava_links',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    athleteId: bigint('athlete_id', { mode: 'number' }).notNull(),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    scope: text('scope').notNull(),
    // Strava answered 401: the tokens no longer work and the user must link again
    needsReconnect: boolean('needs_reconnect').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('strava_links_athlete_idx').on(t.athleteId)],
);

export type StravaLinkRow = typeof stravaLinks.$inferSelect;

// The single-use `state` of a pending link (10 minutes), by its SHA-256: the callback carries no
// bearer, so the state alone names the user.
export const stravaLinkStates = pgTable(
  'strava_link_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('strava_link_states_user_idx').on(t.userId)],
);
