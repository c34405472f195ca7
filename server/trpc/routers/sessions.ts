import { z } from 'zod';
import { deleteSession } from '@/server/services/sessions/delete-session';
import { listSessions } from '@/server/services/sessions/list-sessions';
import { revokeOtherSessions } from '@/server/services/sessions/revoke-other-sessions';
import { sessionRecord } from '@/server/services/sessions/session-record';
import { authedProcedure, router } from '../init';

// Twin of /sessions/**, limited to the caller's own sessions (the web app has no admin view yet).
export const sessionsRouter = router({
  list: authedProcedure('DEFAULT').query(async ({ ctx }) =>
    (await listSessions(ctx.db, ctx.user, ctx.user.userId)).map((s) => sessionRecord(s, ctx.user.sessionId)),
  ),
  delete: authedProcedure('WRITE')
    .input(z.object({ id: z.string().max(64) }))
    .mutation(async ({ ctx, input }) => {
      await deleteSession(ctx.db, ctx.user, input.id, ctx.user.userId);
      return { id: input.id };
    }),
  /** "Sign out everywhere else". */
  deleteOthers: authedProcedure('WRITE').mutation(async ({ ctx }) => ({
    ended: await revokeOtherSessions(ctx.db, ctx.user.userId, ctx.user.sessionId, 'ended from another session'),
  })),
});
