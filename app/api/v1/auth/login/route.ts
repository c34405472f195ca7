import { defineRoute } from '@/server/http/define-route';
import { routes } from '@/server/http/routes';
import { loginForm, pkceChallengeFor, pkceParams } from '@/server/http/wire/auth-inputs';
import { loginAnswersDoc, loginResultResponse } from '@/server/http/wire/token-response';
import { loginWithPassword } from '@/server/services/auth/login-with-password';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: {
      summary: 'Sign in with username and password',
      description: 'Form-encoded. Mobile clients may add PKCE parameters (query or form).',
      problems: ['invalid_input', 'unauthorized'],
      responses: loginAnswersDoc,
    },
    auth: 'public',
    clientType: 'required',
    tier: 'SENSITIVE',
    endpoint: 'login',
    form: loginForm,
    query: pkceParams,
    handler: async ({ db, body, query, clientType, clientAddress, request }) => {
      const codeChallenge = pkceChallengeFor(clientType!, body, query);
      const origin = { clientType: clientType!, ipAddress: clientAddress, userAgent: request.headers.get('user-agent') };
      const result = await loginWithPassword(db, { username: body.username, password: body.password, origin, codeChallenge });
      return loginResultResponse(result, clientType!);
    },
  }),
});
