import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { routes } from '@/server/http/routes';
import { codeVerifierBody } from '@/server/http/wire/auth-inputs';
import { tokenResponse } from '@/server/http/wire/token-response';
import { exchangePkceSession } from '@/server/services/auth/pkce-session';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    auth: 'public',
    clientType: 'required',
    tier: 'SENSITIVE',
    endpoint: 'token_exchange',
    params: z.object({ session_id: z.string().max(64) }),
    json: codeVerifierBody,
    handler: async ({ db, params, body }) => {
      const tokens = await exchangePkceSession(db, { sessionId: params.session_id, codeVerifier: body.code_verifier, kind: 'password', clientType: 'mobile' });
      return tokenResponse(tokens, { tokenType: 'Bearer' });
    },
  }),
});
