import { z } from 'zod';
import { rowId } from '@/server/http/params';
import { listNotifications } from '@/server/services/notifications/list-notifications';
import { markNotificationRead } from '@/server/services/notifications/mark-notification-read';
import { authedProcedure, router } from '../init';

export const notificationsRouter = router({
  list: authedProcedure('DEFAULT').query(({ ctx }) => listNotifications(ctx.db, ctx.user.userId)),
  markRead: authedProcedure('WRITE')
    .input(z.object({ id: rowId }))
    .mutation(({ ctx, input }) => markNotificationRead(ctx.db, ctx.user.userId, input.id)),
});
