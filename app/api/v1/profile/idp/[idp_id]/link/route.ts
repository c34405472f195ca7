import { jsonDoc } from '@/server/http/route-doc';
import { authorizationUrlResponse } from '@/server/services/sso/schemas';
import { z } from 'zod';
import { ssoStateCookie } from '@/server/http/cookies';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { startSsoLink } from '@/server/services/sso/start-sso-link';

// CONTRACT: 200 { authorization_url } for the web app to navigate to; the callback links. The
// state is bound to this browser by its cookie; a mobile session is refused (400).
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Start linking an identity provider',
      problems: ['invalid_input', 'conflict', 'upstream'],
      responses: { 200: jsonDoc(authorizationUrlResponse, 'Where the browser goes next', ['set-cookie']) },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'SENSITIVE',
    endpoint: 'idp_link',
    params: z.object({ idp_id: intId }),
    handler: async ({ db, auth, params }) => {
      const started = await startSsoLink(db, auth.userId, params.idp_id, auth.clientType ?? 'web');
      return json({ authorization_url: started.authorizationUrl }, { headers: { 'set-cookie': ssoStateCookie(started.state) } });
    },
  }),
});
