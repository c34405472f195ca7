import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { getBackupCodeStatus } from '@/server/services/mfa/get-backup-code-status';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => {
      const s = await getBackupCodeStatus(db, auth.userId);
      return json({ has_codes: s.hasCodes, total: s.total, unused: s.unused, used: s.used, created_at: s.createdAt?.toISOString() ?? null });
    },
  }),
});
