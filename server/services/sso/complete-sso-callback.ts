import { systemNow } from '@/server/clock';
import type { Db } from '@/db/client';
import { safeEqual } from '@/server/auth/hash';
import { AppError } from '@/server/errors';
import { createPkceSession } from '../auth/pkce-session';
import { getIdentityProviderOrThrow } from '../identity-providers/get-identity-provider-or-throw';
import { createSession, type SessionOrigin } from '../sessions/create-session';
import type { TokenBundle } from '../sessions/issue-tokens';
import { claimOAuthState } from './claim-oauth-state';
import { oidcConfigFor } from './oidc-config-for';
import { providerClaims } from './provider-claims';
import { findOrCreateSsoUser, linkSsoIdentity } from './sso-user';
import { SsoRefusal } from './sso-refusal';

export interface SsoCallbackInput {
  slug: string;
  code?: string;
  state?: string;
  error?: string;
  /** the state cookie set when a web flow began (binds the flow to this browser) */
  browserState: string | null;
  origin: Omit<SessionOrigin, 'clientType'>;
}

export type SsoCallbackOutcome =
  { kind: 'web'; tokens: TokenBundle; redirect: string | null } | { kind: 'mobile'; sessionId: string; redirect: string | null } | { kind: 'linked' };

/**
 * GET /public/idp/callback/{slug}. Order: state (claimed once) → provider still enabled → IdP
 * error → browser binding → code, ID token and userinfo → user by (provider, sub) → session.
 * Every refusal is an SsoRefusal, and none creates a session.
 */
export async function completeSsoCallback(db: Db, input: SsoCallbackInput, now = systemNow()): Promise<SsoCallbackOutcome> {
  const pending = input.state ? await claimOAuthState(db, input.state, now) : null;
  if (input.error && !pending) throw new SsoRefusal('idp_error', `the provider answered ${input.error.slice(0, 64)}`);
  if (!pending) throw new SsoRefusal('state_invalid', 'unknown, used or expired state');
  const linking = pending.linkUserId !== null;
  const idp = await getIdentityProviderOrThrow(db, { id: pending.idpId }).catch(() => null);
  if (!idp || idp.slug !== input.slug) throw new SsoRefusal('state_invalid', 'the state belongs to another provider', linking);
  if (!idp.enabled) throw new SsoRefusal('provider_unavailable', `${idp.name} is disabled`, linking);
  if (input.error) throw new SsoRefusal('idp_error', `the provider answered ${input.error.slice(0, 64)}`, linking);
  // spec: Authentication rule 12; a web flow, and any link whatever its client type,
  // must come back to the browser that started it
  if ((pending.clientType === 'web' || linking) && !(input.browserState && safeEqual(input.browserState, input.state!))) {
    throw new SsoRefusal('state_invalid', 'the state was not started in this browser', linking);
  }
  if (!input.code) throw new SsoRefusal('idp_error', 'the provider sent no code', linking);

  const claims = await providerClaims(oidcConfigFor(idp), pending, input.code);
  if (pending.linkUserId !== null) {
    await linkSsoIdentity(db, idp, pending.linkUserId, claims);
    return { kind: 'linked' };
  }
  const user = await findOrCreateSsoUser(db, idp, claims);
  if (!user.active) throw new SsoRefusal('account_disabled', 'this account is disabled');
  if (pending.clientType === 'mobile') {
    if (!pending.codeChallenge) throw new AppError('internal', { detail: 'a mobile SSO state without a challenge' });
    const sessionId = await createPkceSession(
      db,
      { userId: user.id, codeChallenge: pending.codeChallenge, origin: { ...input.origin, clientType: 'mobile' }, kind: 'sso' },
      now,
    );
    return { kind: 'mobile', sessionId, redirect: pending.redirect };
  }
  const tokens = await createSession(db, { id: user.id, accessType: user.accessType }, { ...input.origin, clientType: 'web' }, now);
  return { kind: 'web', tokens, redirect: pending.redirect };
}
