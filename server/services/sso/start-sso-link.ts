import type { Db } from '@/db/client';
import { getIdentityProviderOrThrow } from '../identity-providers/get-identity-provider-or-throw';
import { beginSsoAuthorization, type SsoAuthorization } from './begin-sso-authorization';

/** GET /profile/idp/{idp_id}/link: the callback then links the signed-in user. */
export async function startSsoLink(db: Db, userId: number, idpId: number, clientType: 'web' | 'mobile', now = new Date()): Promise<SsoAuthorization> {
  const idp = await getIdentityProviderOrThrow(db, { id: idpId }, { enabledOnly: true });
  return beginSsoAuthorization(db, idp, { clientType, redirect: null, codeChallenge: null, linkUserId: userId }, now);
}
