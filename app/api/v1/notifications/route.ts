import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { notificationResponse } from '@/server/services/notifications/schemas';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { listNotifications } from '@/server/services/notifications/list-notifications';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'List notifications', responses: { 200: jsonDoc(z.array(notificationResponse), "The caller's notifications") } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    handler: async ({ db, auth }) => json(await listNotifications(db, auth.userId)),
  }),
});
