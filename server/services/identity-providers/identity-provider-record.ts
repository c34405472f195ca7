import { identityProviders } from '@/db/schema';
import type { IdentityProviderResponse, PublicIdentityProviderResponse } from './schemas';

export type IdentityProviderRow = typeof identityProviders.$inferSelect;

/** CONTRACT: Single sign-on: the admin view. The client secret is write-only, never returned. */
export function identityProviderRecord(idp: IdentityProviderRow): IdentityProviderResponse {
  return {
    id: idp.id,
    name: idp.name,
    slug: idp.slug,
    enabled: idp.enabled,
    issuer_url: idp.issuerUrl,
    authorization_endpoint: idp.authorizationEndpoint,
    token_endpoint: idp.tokenEndpoint,
    userinfo_endpoint: idp.userinfoEndpoint,
    client_id: idp.clientId,
    has_client_secret: idp.clientSecretSealed !== null,
    scopes: idp.scopes,
    auto_create_users: idp.autoCreateUsers,
    created_at: idp.createdAt.toISOString(),
  };
}
export type IdentityProviderRecord = IdentityProviderResponse;

/** GET /public/idp: what the sign-in page needs, nothing more. */
export function publicIdentityProviderRecord(idp: IdentityProviderRow): PublicIdentityProviderResponse {
  return { id: idp.id, name: idp.name, slug: idp.slug };
}
