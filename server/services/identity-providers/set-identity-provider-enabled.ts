import { now } from '@/server/clock';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { identityProviders } from '@/db/schema';
import { AppError } from '@/server/errors';
import type { IdentityProviderRow } from './identity-provider-record';

/** The admin page's switch: no rediscovery, nothing else changes. */
export async function setIdentityProviderEnabled(db: Db, idpId: number, enabled: boolean): Promise<IdentityProviderRow> {
  const [row] = await db.update(identityProviders).set({ enabled, updatedAt: now() }).where(eq(identityProviders.id, idpId)).returning();
  if (!row) throw new AppError('not_found', { detail: 'No such identity provider.' });
  return row;
}
