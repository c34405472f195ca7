import { z } from 'zod';
import type { LoginResult } from '@/server/services/auth/login-with-password';
import { mfaRequiredResponse, pkcePendingResponse, tokenResponseBody } from '@/server/services/auth/schemas';
import type { TokenBundle } from '@/server/services/sessions/issue-tokens';
import type { ClientType } from '@/server/auth/auth-context';
import { env } from '@/server/env';
import { clearedMfaTokenCookie, mfaTokenCookie, refreshCookie } from '../cookies';
import { json } from '../respond';
import type { RouteDoc } from '../route-doc';

/**
 * spec: Token response: web gets the refresh token only as the cookie and a csrf_token; mobile
 * gets the refresh token in the body and no csrf_token (except the SSO PKCE exchange).
 */
export function tokenResponse(tokens: TokenBundle, options: { tokenType?: 'bearer' | 'Bearer'; withCsrfForMobile?: boolean } = {}): Response {
  const body: Record<string, unknown> = { session_id: tokens.sessionId, access_token: tokens.accessToken };
  const headers = new Headers({ 'cache-control': 'no-store' });
  if (tokens.clientType === 'web') {
    body.csrf_token = tokens.csrfToken;
    headers.append('set-cookie', refreshCookie(tokens.refreshToken, tokens.refreshExpiresIn));
  } else {
    body.refresh_token = tokens.refreshToken;
    if (options.withCsrfForMobile) body.csrf_token = tokens.csrfToken;
  }
  Object.assign(body, {
    token_type: options.tokenType ?? 'bearer',
    expires_in: tokens.expiresIn,
    refresh_token_expires_in: tokens.refreshExpiresIn,
  });
  return json(body, { headers });
}

/** Login and MFA verify share their answers: tokens, MFA required (web 202, mobile 200), PKCE pending. */
export function loginResultResponse(result: LoginResult, clientType: ClientType): Response {
  switch (result.kind) {
    case 'tokens': {
      const response = tokenResponse(result.tokens);
      // the pending login is over: its web cookie has nothing left to bind
      if (clientType === 'web') response.headers.append('set-cookie', clearedMfaTokenCookie());
      return response;
    }
    case 'mfa_required': {
      // CONTRACT: hardening: mobile keeps mfa_token from the body; web gets it only as the cookie
      const body = { mfa_required: true, username: result.username, message: 'Enter the code from your authenticator app or a backup code.' };
      if (clientType === 'mobile') return json({ ...body, mfa_token: result.mfaToken });
      return json(body, {
        status: 202,
        headers: { 'set-cookie': mfaTokenCookie(result.mfaToken, env().MFA_PENDING_TTL_SECONDS), 'cache-control': 'no-store' },
      });
    }
    case 'pkce_pending':
      return json({
        session_id: result.sessionId,
        mfa_required: false,
        message: `Complete authentication by exchanging tokens at POST /api/v1/session/${result.sessionId}/tokens with your code_verifier.`,
      });
  }
}

/** The answers of login and MFA verify, for the OpenAPI document. */
export const loginAnswersDoc = {
  200: {
    description: 'Signed in (tokens), MFA required (mobile, with mfa_token), or a mobile PKCE login waiting for its exchange',
    schema: z.union([tokenResponseBody, mfaRequiredResponse, pkcePendingResponse]),
    headers: ['set-cookie', 'cache-control'],
  },
  202: {
    description: 'MFA required (web): the pending login is bound by an HttpOnly cookie',
    schema: mfaRequiredResponse,
    headers: ['set-cookie', 'cache-control'],
  },
} satisfies RouteDoc['responses'];

export const tokenAnswerDoc = {
  200: { description: 'A token response', schema: tokenResponseBody, headers: ['set-cookie', 'cache-control'] },
} satisfies RouteDoc['responses'];
