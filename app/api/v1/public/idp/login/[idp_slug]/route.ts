import { z } from 'zod';
import { ssoStateCookie } from '@/server/http/cookies';
import { defineRoute } from '@/server/http/define-route';
import { redirect } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { pkceChallengeFor } from '@/server/http/wire/auth-inputs';
import { ssoLoginQuery } from '@/server/http/wire/sso';
import { startSsoLogin } from '@/server/services/sso/start-sso-login';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Start single sign-on',
      problems: ['invalid_input', 'upstream'],
      responses: { 302: { description: 'To the identity provider', headers: ['location', 'set-cookie'] } },
    },
    auth: 'public',
    tier: 'SENSITIVE',
    endpoint: 'idp_login',
    params: z.object({ idp_slug: z.string().max(64) }),
    query: ssoLoginQuery,
    handler: async ({ db, params, query, clientType }) => {
      // CONTRACT: mobile when X-Client-Type says so or a code_challenge is given (a system
      // browser cannot add headers)
      const mobile = clientType === 'mobile' || Boolean(query.code_challenge);
      const codeChallenge = mobile ? (pkceChallengeFor('mobile', query) ?? null) : null;
      const started = await startSsoLogin(db, { slug: params.idp_slug, redirect: query.redirect, clientType: mobile ? 'mobile' : 'web', codeChallenge });
      return redirect(started.authorizationUrl, mobile ? undefined : { 'set-cookie': ssoStateCookie(started.state) });
    },
  }),
});
