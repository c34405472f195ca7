import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { identityProviders } from '@/db/schema';
import type { IdentityProviderRow } from './identity-provider-record';

export function listIdentityProviders(db: Db, options: { enabledOnly?: boolean } = {}): Promise<IdentityProviderRow[]> {
  return db
    .select()
    .from(identityProviders)
    .where(options.enabledOnly ? eq(identityProviders.enabled, true) : undefined)
    .orderBy(asc(identityProviders.name), asc(identityProviders.id));
}
