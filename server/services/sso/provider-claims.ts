import { fetchUserinfo, redeemCode, verifyIdToken, type OidcClientConfig } from '@/server/auth/oidc';
import { openSecret } from '@/server/auth/secret-box';
import { log } from '@/server/log/logger';
import type { OAuthStateRow } from './claim-oauth-state';
import { SsoRefusal } from './sso-refusal';

export interface ProviderClaims {
  sub: string;
  email: string | null;
  name: string | null;
  preferredUsername: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * CONTRACT claims: the verified ID token merged with userinfo. Userinfo may only add to the
 * token's claims for the same subject (OIDC Core 5.3.2); without an issuer, userinfo alone.
 */
export async function providerClaims(config: OidcClientConfig, pending: OAuthStateRow, code: string): Promise<ProviderClaims> {
  const linking = pending.linkUserId !== null;
  const refuse = (detail: string, error: unknown): never => {
    log().warn({ err: error, idp_id: pending.idpId }, `SSO callback refused: ${detail}`);
    throw new SsoRefusal('token_invalid', detail, linking);
  };
  const tokens = await redeemCode(config, code, openSecret(pending.codeVerifierSealed, 'sso-code-verifier')).catch((e: unknown) =>
    refuse('the provider did not redeem the code', e),
  );
  let claims: Record<string, unknown> = {};
  if (config.jwksUri) {
    if (!tokens.idToken) refuse('the provider sent no ID token', null);
    claims = await verifyIdToken(config, tokens.idToken!, pending.nonce).catch((e: unknown) => refuse('the ID token did not verify', e));
  }
  if (config.userinfoEndpoint) {
    const userinfo = await fetchUserinfo(config.userinfoEndpoint, tokens.accessToken).catch((e: unknown) => refuse('userinfo failed', e));
    if (claims.sub !== undefined && userinfo.sub !== claims.sub) refuse('userinfo names another subject', null);
    claims = { ...userinfo, ...claims };
  }
  const sub = text(claims.sub);
  if (!sub || sub.length > 255) return refuse('no usable subject', null);
  return {
    sub,
    email: claims.email_verified === false ? null : text(claims.email),
    name: text(claims.name),
    preferredUsername: text(claims.preferred_username),
  };
}
