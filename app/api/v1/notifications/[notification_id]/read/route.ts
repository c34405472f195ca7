import { emptyDoc } from '@/server/http/route-doc';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { noContent } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { markNotificationRead } from '@/server/services/notifications/mark-notification-read';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  PUT: defineRoute({
    doc: { summary: 'Mark a notification read', responses: { 204: emptyDoc('Marked read') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    params: z.object({ notification_id: intId }),
    handler: async ({ db, auth, params }) => {
      await markNotificationRead(db, auth.userId, params.notification_id);
      return noContent();
    },
  }),
});
