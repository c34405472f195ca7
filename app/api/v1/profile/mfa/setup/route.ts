import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { setupMfa } from '@/server/services/mfa/setup-mfa';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    auth: 'jwt',
    scope: 'profile',
    tier: 'SENSITIVE',
    handler: async ({ db, auth }) => {
      const setup = await setupMfa(db, auth.userId);
      return json({ secret: setup.secret, otpauth_url: setup.otpauthUrl, qr_code_svg: setup.qrCodeSvg }, { headers: { 'cache-control': 'no-store' } });
    },
  }),
});
