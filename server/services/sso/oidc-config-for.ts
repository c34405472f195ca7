import { openSecret } from '@/server/auth/secret-box';
import type { OidcClientConfig } from '@/server/auth/oidc';
import { env } from '@/server/env';
import type { IdentityProviderRow } from '../identity-providers/identity-provider-record';

/** PUBLIC_URL builds the redirect_uri …/api/v1/public/idp/callback/{slug}. */
export function callbackUrlFor(slug: string): string {
  return `${env().PUBLIC_URL.replace(/\/+$/, '')}/api/v1/public/idp/callback/${encodeURIComponent(slug)}`;
}

export function oidcConfigFor(idp: IdentityProviderRow): OidcClientConfig {
  return {
    clientId: idp.clientId,
    clientSecret: idp.clientSecretSealed ? openSecret(idp.clientSecretSealed, 'idp-client-secret') : null,
    redirectUri: callbackUrlFor(idp.slug),
    authorizationEndpoint: idp.authorizationEndpoint,
    tokenEndpoint: idp.tokenEndpoint,
    userinfoEndpoint: idp.userinfoEndpoint,
    issuer: idp.issuerUrl,
    jwksUri: idp.jwksUri,
    scopes: idp.scopes.split(/\s+/).filter(Boolean),
  };
}
