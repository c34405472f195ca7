import { z } from 'zod';
import { exchangePkceSession } from '../services/auth/pkce-session';
import { defineRoute } from './define-route';
import { routes } from '@/server/http/routes';
import { codeVerifierBody } from './wire/auth-inputs';
import { tokenAnswerDoc, tokenResponse } from './wire/token-response';

/**
 * spec: PKCE session: POST /session/{id}/tokens (password) and /public/idp/session/{id}/tokens
 * (SSO) are one operation on one shared per-address counter; each path exchanges only its own
 * kind, and the SSO answer also carries csrf_token. Both are sent with X-Client-Type: mobile (the
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
        const tokens = await exchangePkceSession(db, { sessionId: params.session_id, codeVerifier: body.code_verifier, kind, clientType: 'mobile' });
        return tokenResponse(tokens, { tokenType: 'Bearer', withCsrfForMobile: kind === 'sso' });
      },
    }),
  });
}
