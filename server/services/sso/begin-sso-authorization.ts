import { systemNow } from '@/server/clock';
import { lt } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { oauthStates } from '@/db/schema';
import { sha256Hex } from '@/server/auth/hash';
import { authorizationUrl, newAuthorizationRequest } from '@/server/auth/oidc';
import { sealSecret } from '@/server/auth/secret-box';
import { env } from '@/server/env';
import type { IdentityProviderRow } from '../identity-providers/identity-provider-record';
import { oidcConfigFor } from './oidc-config-for';

export interface SsoAuthorization {
  authorizationUrl: string;
  /** web flows bind it to the browser with a cookie (login CSRF) */
  state: string;
}

export interface PendingSsoLogin {
  clientType: 'web' | 'mobile';
  redirect: string | null;
  codeChallenge: string | null;
  linkUserId: number | null;
}

/**
 * Toward the IdP Stride always uses PKCE S256, a state and a nonce (CONTRACT). The state lives
 * OAUTH_STATE_TTL_SECONDS and is stored only as its SHA-256; the verifier is sealed.
 */
export async function beginSsoAuthorization(db: Db, idp: IdentityProviderRow, pending: PendingSsoLogin, now = systemNow()): Promise<SsoAuthorization> {
  const request = newAuthorizationRequest();
  // expired states are useless; every new login sweeps them (the endpoint is rate limited)
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  await db.insert(oauthStates).values({
    stateHash: sha256Hex(request.state),
    idpId: idp.id,
    codeVerifierSealed: sealSecret(request.codeVerifier, 'sso-code-verifier'),
    nonce: request.nonce,
    clientType: pending.clientType,
    redirect: pending.redirect,
    codeChallenge: pending.codeChallenge,
    linkUserId: pending.linkUserId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + env().OAUTH_STATE_TTL_SECONDS * 1000),
  });
  return { authorizationUrl: authorizationUrl(oidcConfigFor(idp), request), state: request.state };
}
