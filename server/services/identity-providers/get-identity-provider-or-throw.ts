import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { identityProviders } from '@/db/schema';
import { AppError } from '@/server/errors';
import type { IdentityProviderRow } from './identity-provider-record';

/** By id or slug. With enabledOnly a disabled provider is as unknown as a missing one (404). */
export async function getIdentityProviderOrThrow(
  db: Db,
  key: { id: number } | { slug: string },
  options: { enabledOnly?: boolean } = {},
): Promise<IdentityProviderRow> {
  const [row] = await db
    .select()
    .from(identityProviders)
    .where('id' in key ? eq(identityProviders.id, key.id) : eq(identityProviders.slug, key.slug));
  if (!row || (options.enabledOnly && !row.enabled)) throw new AppError('not_found', { detail: 'No such identity provider, or it is disabled.' });
  return row;
}
