import { defineRoute } from '@/server/http/define-route';
import { MFA_TOKEN_COOKIE, readCookie } from '@/server/http/cookies';
import { routes } from '@/server/http/routes';
import { mfaVerifyBody, pkceChallengeFor, pkceParams } from '@/server/http/wire/auth-inputs';
import { loginAnswersDoc, loginResultResponse } from '@/server/http/wire/token-response';
import { verifyMfaLogin } from '@/server/services/auth/verify-mfa-login';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: {
      summary: 'Finish a sign-in with an MFA code',
      problems: ['invalid_input', 'unauthorized'],
      security: [{ mfaCookie: [] }, {}],
      responses: loginAnswersDoc,
    },
    auth: 'public',
    clientType: 'required',
    tier: 'SENSITIVE',
    endpoint: 'mfa_verify',
    json: mfaVerifyBody,
    query: pkceParams,
    handler: async ({ db, body, query, clientType, clientAddress, request }) => {
      // spec: Authentication rule 4: the MFA step keeps PKCE parameters given as query parameters
      const codeChallenge = pkceChallengeFor(clientType!, query);
      const origin = { clientType: clientType!, ipAddress: clientAddress, userAgent: request.headers.get('user-agent') };
      const mfaToken = body.mfa_token || readCookie(request.headers, MFA_TOKEN_COOKIE) || undefined;
      const result = await verifyMfaLogin(db, { username: body.username, mfaCode: body.mfa_code, mfaToken, origin, codeChallenge });
      return loginResultResponse(result, clientType!);
    },
  }),
});
