import { systemNow } from '@/server/clock';
import type { Db } from '@/db/client';
import { RedirectRefused, validateSsoRedirectFor } from '@/server/auth/sso-redirect';
import { env } from '@/server/env';
import { AppError } from '@/server/errors';
import { getIdentityProviderOrThrow } from '../identity-providers/get-identity-provider-or-throw';
import { beginSsoAuthorization, type SsoAuthorization } from './begin-sso-authorization';

export interface StartSsoLoginInput {
  slug: string;
  redirect: string | undefined;
  clientType: 'web' | 'mobile';
  /** mobile: the app's own S256 challenge (already checked by the transport) */
  codeChallenge: string | null;
}

/**
 * GET /public/idp/login/{slug}: unknown or disabled → 404; a bad redirect → 400 (spec: Authentication
 * rule 11), and for a web flow anything but a path of PUBLIC_URL's origin (CONTRACT: Single sign-on).
 */
export async function startSsoLogin(db: Db, input: StartSsoLoginInput, now = systemNow()): Promise<SsoAuthorization> {
  const idp = await getIdentityProviderOrThrow(db, { slug: input.slug }, { enabledOnly: true });
  let redirect: string | null = null;
  if (input.redirect !== undefined) {
    try {
      redirect = validateSsoRedirectFor(input.clientType, input.redirect, env().ALLOWED_REDIRECT_SCHEMES, env().PUBLIC_URL);
    } catch (error) {
      if (error instanceof RedirectRefused)
        throw new AppError('invalid_input', { detail: `The redirect value is not allowed (${error.message.replace('redirect refused: ', '')}).` });
      throw error;
    }
  }
  // spec: Authentication rule 3, mobile clients must use PKCE
  if (input.clientType === 'mobile' && !input.codeChallenge) {
    throw new AppError('invalid_input', { detail: 'Mobile sign-in needs code_challenge and code_challenge_method=S256.' });
  }
  return beginSsoAuthorization(db, idp, { clientType: input.clientType, redirect, codeChallenge: input.codeChallenge, linkUserId: null }, now);
}
