import type { Db } from '@/db/client';
import { identityProviders } from '@/db/schema';
import { sealSecret } from '@/server/auth/secret-box';
import type { IdentityProviderRow } from './identity-provider-record';
import { resolveEndpoints } from './resolve-endpoints';
import type { IdentityProviderInput } from './schemas';
import { conflictOnDuplicateSlug } from './slug-conflict';

export async function createIdentityProvider(db: Db, input: IdentityProviderInput): Promise<IdentityProviderRow> {
  const endpoints = await resolveEndpoints(input);
  const [row] = await db
    .insert(identityProviders)
    .values({
      ...endpoints,
      name: input.name,
      slug: input.slug,
      enabled: input.enabled,
      clientId: input.client_id,
      clientSecretSealed: input.client_secret ? sealSecret(input.client_secret, 'idp-client-secret') : null,
      scopes: input.scopes,
      autoCreateUsers: input.auto_create_users,
    })
    .returning()
    .catch(conflictOnDuplicateSlug);
  return row!;
}
