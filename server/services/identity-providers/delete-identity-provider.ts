import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { identityProviders } from '@/db/schema';
import { AppError } from '@/server/errors';

/** Deletes the provider, its links and its pending logins (cascade). */
export async function deleteIdentityProvider(db: Db, idpId: number): Promise<void> {
  const deleted = await db.delete(identityProviders).where(eq(identityProviders.id, idpId)).returning({ id: identityProviders.id });
  if (!deleted.length) throw new AppError('not_found', { detail: 'No such identity provider.' });
}
