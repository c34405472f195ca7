import { clearedRefreshCookie } from '@/server/http/cookies';
import { defineRoute } from '@/server/http/define-route';
import { refreshTokenFrom } from '@/server/http/refresh-token-from';
import { noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { endSessionByRefreshToken } from '@/server/services/sessions/end-session-by-refresh-token';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: {
      summary: 'Sign out',
      problems: ['unauthorized'],
      security: [{ refreshCookie: [], csrfToken: [] }, { bearerAuth: [] }],
      description: 'Ends the session of the refresh token (web: cookie plus X-CSRF-Token; mobile: Authorization: Bearer <refresh token>).',
      responses: { 204: { description: 'Signed out', headers: ['set-cookie'] } },
    },
    auth: 'public',
    clientType: 'required',
    tier: 'DEFAULT',
    handler: async ({ db, request, clientType }) => {
      const web = clientType === 'web';
      await endSessionByRefreshToken(db, refreshTokenFrom(request.headers, clientType!), { required: web, header: request.headers.get('x-csrf-token') });
      return noContent(web ? { 'set-cookie': clearedRefreshCookie() } : undefined);
    },
  }),
});
