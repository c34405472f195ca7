import { z } from 'zod';
import { readCookie, SSO_STATE_COOKIE } from '@/server/http/cookies';
import { defineRoute } from '@/server/http/define-route';
import { routes } from '@/server/http/routes';
import { ssoCallbackQuery, ssoOutcomeRedirect, ssoRefusalRedirect } from '@/server/http/wire/sso';
import { completeSsoCallback } from '@/server/services/sso/complete-sso-callback';
import { SsoRefusal } from '@/server/services/sso/sso-refusal';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Single sign-on callback',
      description: 'The identity provider sends the browser here; every outcome is a redirect into the web app.',
      responses: {
        302: { description: 'Into the web app (session cookie for web, session_id for mobile) or back with a reason', headers: ['location', 'set-cookie'] },
      },
    },
    auth: 'public',
    tier: 'SENSITIVE',
    endpoint: 'idp_callback',
    params: z.object({ idp_slug: z.string().max(64) }),
    query: ssoCallbackQuery,
    handler: async ({ db, params, query, request, clientAddress }) => {
      const input = {
        slug: params.idp_slug,
        ...query,
        browserState: readCookie(request.headers, SSO_STATE_COOKIE),
        origin: { ipAddress: clientAddress, userAgent: request.headers.get('user-agent') },
      };
      try {
        return ssoOutcomeRedirect(await completeSsoCallback(db, input));
      } catch (error) {
        if (error instanceof SsoRefusal) return ssoRefusalRedirect(error);
        throw error;
      }
    },
  }),
});
