import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// CONTRACT: Single sign-on: an OpenID Connect / OAuth 2 provider users may sign in with.
export const identityProviders = pgTable(
  'identity_providers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    issuerUrl: text('issuer_url'),
    authorizationEndpoint: text('authorization_endpoint').notNull(),
    tokenEndpoint: text('token_endpoint').notNull(),
    userinfoEndpoint: text('userinfo_endpoint'),
    // from discovery; without it (no issuer) the claims come from userinfo alone
    jwksUri: text('jwks_uri'),
    clientId: text('client_id').notNull(),
    // AES-GCM sealed like the TOTP secrets (server/auth/secret-box.ts); null for public clients
    clientSecretSealed: text('client_secret_sealed'),
    scopes: text('scopes').notNull().default('openid profile email'),
    autoCreateUsers: boolean('auto_create_users').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identity_providers_slug_idx').on(t.slug)],
);

// A user's link to a provider account: (provider, sub) names one user, never an e-mail match.
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idpId: integer('idp_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_identities_idp_subject_idx').on(t.idpId, t.subject), uniqueIndex('user_identities_user_idp_idx').on(t.userId, t.idpId)],
);

// A started SSO login or link, waiting for its callback (spec: the OAuth state lives 10 minutes
// and is used once). Keyed by the SHA-256 of the state; the IdP's PKCE verifier is sealed.
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    idpId: integer('idp_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    codeVerifierSealed: text('code_verifier_sealed').notNull(),
    nonce: text('nonce').notNull(),
    clientType: text('client_type', { enum: ['web', 'mobile'] }).notNull(),
    redirect: text('redirect'),
    // mobile: the app's own challenge, bound to the PKCE session the callback creates
    codeChallenge: text('code_challenge'),
    // set when a signed-in user links this provider
    linkUserId: integer('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);
