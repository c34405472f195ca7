import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// One session = one token family (spec: Token family and rotation data).
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenFamilyId: uuid('token_family_id').notNull(),
    clientType: text('client_type', { enum: ['web', 'mobile'] }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    deviceType: text('device_type', { enum: ['desktop', 'mobile', 'tablet', 'other'] })
      .notNull()
      .default('other'),
    browser: text('browser'),
    operatingSystem: text('operating_system'),
    // SHA-256 of the web CSRF token; compared in constant time
    csrfTokenHash: text('csrf_token_hash'),
    rotationCount: integer('rotation_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    // absolute lifetime (SESSION_ABSOLUTE_TIMEOUT_HOURS); refresh never extends it
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

// Every refresh token ever issued, by jti; only its SHA-256 is kept. Superseded ones stay for
// reuse detection (spec: Refresh token table).
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: uuid('jti').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /** The token that superseded this one, and that answer sealed, for a replay within the grace window */
    replacedBy: uuid('replaced_by'),
    successorSealed: text('successor_sealed'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

// Progressive lockout per username and step, in the database so it holds across instances and
// restarts. Unknown usernames are counted too, so lockout behaviour reveals nothing.
export const authLockouts = pgTable(
  'auth_lockouts',
  {
    usernameKey: text('username_key').notNull(),
    step: text('step', { enum: ['password', 'mfa'] }).notNull(),
    failureCount: integer('failure_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.usernameKey, t.step] })],
);
