import { z } from 'zod';
import { isSameOriginPath } from '@/server/auth/sso-redirect';
import { env } from '@/server/env';
import type { SsoCallbackOutcome } from '@/server/services/sso/complete-sso-callback';
import type { SsoRefusal } from '@/server/services/sso/sso-refusal';
import { clearedSsoStateCookie, refreshCookie } from '../cookies';
import { redirect } from '../respond';

export const ssoLoginQuery = z.object({
  redirect: z.string().max(4096).optional(),
  code_challenge: z.string().max(256).optional(),
  code_challenge_method: z.string().max(32).optional(),
});

export const ssoCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

function frontend(pathAndQuery: string): string {
  return `${env().PUBLIC_URL.replace(/\/+$/, '')}${pathAndQuery}`;
}

/**
 * CONTRACT: Single sign-on: web → refresh cookie and the redirect path (default /activities), no
 * token in any URL; mobile → /login?sso=success&session_id=…&redirect=… (external_redirect=true
 * for a custom scheme), no cookie; a finished link → the security settings.
 */
export function ssoOutcomeRedirect(outcome: SsoCallbackOutcome): Response {
  if (outcome.kind !== 'mobile') {
    const headers = new Headers();
    headers.append('set-cookie', clearedSsoStateCookie());
    if (outcome.kind === 'linked') return redirect(frontend('/settings/security?sso=linked'), headers);
    headers.append('set-cookie', refreshCookie(outcome.tokens.refreshToken, outcome.tokens.refreshExpiresIn));
    // checked at the start already; a state stored before that check was there is checked again
    const target = outcome.redirect !== null && isSameOriginPath(outcome.redirect, env().PUBLIC_URL) ? outcome.redirect : '/activities';
    return redirect(frontend(target), headers);
  }
  // mobile: no Set-Cookie at all; the session reaches the app only through the exchange
  const query = new URLSearchParams({ sso: 'success', session_id: outcome.sessionId });
  if (outcome.redirect !== null) query.set('redirect', outcome.redirect);
  if (outcome.redirect !== null && !outcome.redirect.startsWith('/')) query.set('external_redirect', 'true');
  return redirect(frontend(`/login?${query}`));
}

/** Any refusal at the callback: back to the page that started it, saying why; never a session. */
export function ssoRefusalRedirect(refusal: SsoRefusal): Response {
  const page = refusal.linking ? '/settings/security' : '/sign-in';
  return redirect(frontend(`${page}?${new URLSearchParams({ sso: 'error', reason: refusal.reason })}`), { 'set-cookie': clearedSsoStateCookie() });
}
