import { systemNow } from '@/server/clock';
import type { Db } from '@/db/client';
import { AppError } from '@/server/errors';
import { getIdentityProviderOrThrow } from '../identity-providers/get-identity-provider-or-throw';
import { beginSsoAuthorization, type SsoAuthorization } from './begin-sso-authorization';

/**
 * GET /profile/idp/{idp_id}/link: the callback then links the signed-in user. The state
 * must be bound to the browser that opens the authorization URL, by the cookie the answer sets; a
 * mobile session's answer reaches the app, not the browser it opens, so a mobile start is refused
 * (else a victim who opens an attacker's URL would link their identity to the attacker's account).
 */
export async function startSsoLink(db: Db, userId: number, idpId: number, clientType: 'web' | 'mobile', now = systemNow()): Promise<SsoAuthorization> {
  if (clientType === 'mobile') {
    throw new AppError('invalid_input', { detail: 'Link an identity provider from the web app: a mobile session cannot bind the link to a browser.' });
  }
  const idp = await getIdentityProviderOrThrow(db, { id: idpId }, { enabledOnly: true });
  return beginSsoAuthorization(db, idp, { clientType, redirect: null, codeChallenge: null, linkUserId: userId }, now);
}
