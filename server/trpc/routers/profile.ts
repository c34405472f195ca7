import { changePassword } from '@/server/services/users/change-password';
import { getUserOrThrow } from '@/server/services/users/get-user-or-throw';
import { changePasswordInput, updateProfileInput } from '@/server/services/users/schemas';
import { updateUser } from '@/server/services/users/update-user';
import { userRecord } from '@/server/services/users/user-record';
import { authedProcedure, router } from '../init';

export const profileRouter = router({
  me: authedProcedure('DEFAULT').query(async ({ ctx }) => userRecord(await getUserOrThrow(ctx.db, ctx.user.userId))),
  update: authedProcedure('WRITE')
    .input(updateProfileInput)
    .mutation(async ({ ctx, input }) => userRecord(await updateUser(ctx.db, ctx.user.userId, input))),
  /** Twin of PUT /profile/password: other sessions end, this one stays. */
  changePassword: authedProcedure('SENSITIVE')
    .input(changePasswordInput)
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.db, ctx.user.userId, ctx.user.sessionId, input);
      return { changed: true };
    }),
});
