import { defineRoute } from '@/server/http/define-route';
import { refreshTokenFrom } from '@/server/http/refresh-token-from';
import { routes } from '@/server/http/routes';
import { tokenAnswerDoc, tokenResponse } from '@/server/http/wire/token-response';
import { refreshSession } from '@/server/services/sessions/refresh-session';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: { summary: 'Rotate the refresh token', problems: ['unauthorized'], security: [{ refreshCookie: [] }, { bearerAuth: [] }], responses: tokenAnswerDoc },
    auth: 'public',
    clientType: 'required',
    tier: 'DEFAULT',
    handler: async ({ db, request, clientType }) => {
      // X-CSRF-Token is optional here (spec: bootstrap after a page reload); the refresh cookie
      // is SameSite=Strict, so no other site can make a browser send it.
      const tokens = await refreshSession(db, refreshTokenFrom(request.headers, clientType!));
      return tokenResponse(tokens);
    },
  }),
});
