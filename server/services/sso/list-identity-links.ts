import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { identityProviders, userIdentities } from '@/db/schema';
import type { IdentityLinkResponse } from './schemas';

/** CONTRACT: GET /profile/idp → [{ id, idp_id, name, slug, linked_at }]. */
export async function listIdentityLinks(db: Db, userId: number): Promise<IdentityLinkResponse[]> {
  const rows = await db
    .select({
      id: userIdentities.id,
      idpId: userIdentities.idpId,
      name: identityProviders.name,
      slug: identityProviders.slug,
      linkedAt: userIdentities.linkedAt,
    })
    .from(userIdentities)
    .innerJoin(identityProviders, eq(identityProviders.id, userIdentities.idpId))
    .where(eq(userIdentities.userId, userId))
    .orderBy(asc(identityProviders.name));
  return rows.map((r) => ({ id: r.id, idp_id: r.idpId, name: r.name, slug: r.slug, linked_at: r.linkedAt.toISOString() }));
}
export type IdentityLinkRecord = Awaited<ReturnType<typeof listIdentityLinks>>[number];
