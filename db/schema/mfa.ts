import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// spec: Pending MFA login: one pending second step per user, expiring after MFA_PENDING_TTL_SECONDS.
// CONTRACT: hardening: bound to the client that passed the password step, by the SHA-256 of an
// opaque mfa_token, else by client type and address; PKCE parameters of that step wait here too.
export const pendingMfaLogins = pgTable('pending_mfa_logins', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  clientType: text('client_type', { enum: ['web', 'mobile'] }).notNull(),
  tokenHash: text('token_hash'),
  clientAddress: text('client_address'),
  codeChallenge: text('code_challenge'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// Backup codes hold ~40 bits, so they are kept as HMAC-SHA-256 under a server key, never a
// plain hash (CONTRACT: Settled details).
export const mfaBackupCodes = pgTable(
  'mfa_backup_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHmac: text('code_hmac').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mfa_backup_codes_user_idx').on(t.userId)],
);

// spec: PKCE session: a completed mobile login bound to a code challenge, exchangeable once.
// Its id becomes the id of the session the exchange creates.
export const pkceSessions = pgTable('pkce_sessions', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeChallenge: text('code_challenge').notNull(),
  // 'password' or 'sso': each kind is exchanged only at its own path
  kind: text('kind', { enum: ['password', 'sso'] })
    .notNull()
    .default('password'),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  exchangedAt: timestamp('exchanged_at', { withTimezone: true }),
});
