import { getInbox } from '@/server/services/inbox/get-inbox';
import { authedProcedure, router } from '../init';

// Twin of GET /profile/inbox.
export const inboxRouter = router({
  get: authedProcedure('DEFAULT').query(({ ctx }) => getInbox(ctx.db, ctx.user.userId)),
});
