import { z } from 'zod';
import { exchangePkceSession } from '../services/auth/pkce-session';
import { defineRoute } from './define-route';
import { routes } from '@/server/http/routes';
import { codeVerifierBody } from './wire/auth-inputs';
import { tokenAnswerDoc, tokenResponse } from './wire/token-response';

/**
 * spec: PKCE session: POST /session/{id}/tokens (password) and /public/idp/session/{id}/tokens
 * (SSO) are one operation on one shared per-address counter; the password path exchanges only
 * password logins, the SSO path SSO sessions and (issue 51, the Endurain app's login) password
 * logins too; an SSO session's answer also carries csrf_token. Both are sent with X-Client-Type: mobile (the
 * SSO row says "Same request"): web clients get their tokens through the refresh cookie instead.
 */
export function pkceExchangeRoutes(kind: 'password' | 'sso') {
  return routes({
    POST: defineRoute({
      doc: {
        summary: kind === 'password' ? 'Exchange a PKCE login for tokens (mobile)' : 'Exchange a single sign-on session for tokens (mobile)',
        problems: ['invalid_input', 'unauthorized', 'conflict'],
        responses: tokenAnswerDoc,
      },
      auth: 'public',
      clientType: 'mobile',
      tier: 'SENSITIVE',
      endpoint: 'token_exchange',
      params: z.object({ session_id: z.string().max(64) }),
      json: codeVerifierBody,
      handler: async ({ db, params, body }) => {
        const kinds = kind === 'sso' ? (['sso', 'password'] as const) : (['password'] as const);
        const tokens = await exchangePkceSession(db, { sessionId: params.session_id, codeVerifier: body.code_verifier, kind: kinds, clientType: 'mobile' });
        // the SSO answer carries csrf_token; a password login exchanged here has none to carry
        return tokenResponse(tokens, { tokenType: 'Bearer', withCsrfForMobile: tokens.csrfToken !== null });
      },
    }),
  });
}
