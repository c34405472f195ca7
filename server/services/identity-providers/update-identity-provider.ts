import { now } from '@/server/clock';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { identityProviders } from '@/db/schema';
import { sealSecret } from '@/server/auth/secret-box';
import { AppError } from '@/server/errors';
import type { IdentityProviderRow } from './identity-provider-record';
import { resolveEndpoints } from './resolve-endpoints';
import type { IdentityProviderInput } from './schemas';
import { conflictOnDuplicateSlug } from './slug-conflict';

/** CONTRACT: PUT replaces the record; an omitted client_secret keeps the stored one. */
export async function updateIdentityProvider(db: Db, idpId: number, input: IdentityProviderInput): Promise<IdentityProviderRow> {
  const [existing] = await db.select({ id: identityProviders.id }).from(identityProviders).where(eq(identityProviders.id, idpId));
  if (!existing) throw new AppError('not_found', { detail: 'No such identity provider.' });
  const endpoints = await resolveEndpoints(input);
  const [row] = await db
    .update(identityProviders)
    .set({
      ...endpoints,
      name: input.name,
      slug: input.slug,
      enabled: input.enabled,
      clientId: input.client_id,
      ...(input.client_secret ? { clientSecretSealed: sealSecret(input.client_secret, 'idp-client-secret') } : {}),
      scopes: input.scopes,
      autoCreateUsers: input.auto_create_users,
      updatedAt: now(),
    })
    .where(eq(identityProviders.id, idpId))
    .returning()
    .catch(conflictOnDuplicateSlug);
  if (!row) throw new AppError('not_found', { detail: 'No such identity provider.' });
  return row;
}
