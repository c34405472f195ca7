import { z } from 'zod';
import { rowId } from '@/server/http/params';
import { createIdentityProvider } from '@/server/services/identity-providers/create-identity-provider';
import { deleteIdentityProvider } from '@/server/services/identity-providers/delete-identity-provider';
import { identityProviderRecord } from '@/server/services/identity-providers/identity-provider-record';
import { listIdentityProviders } from '@/server/services/identity-providers/list-identity-providers';
import { identityProviderInput } from '@/server/services/identity-providers/schemas';
import { setIdentityProviderEnabled } from '@/server/services/identity-providers/set-identity-provider-enabled';
import { deleteSession } from '@/server/services/sessions/delete-session';
import { listSessions } from '@/server/services/sessions/list-sessions';
import { sessionRecord } from '@/server/services/sessions/session-record';
import { createUser } from '@/server/services/users/create-user';
import { listUsers } from '@/server/services/users/list-users';
import { createUserInput, password } from '@/server/services/users/schemas';
import { updateUser } from '@/server/services/users/update-user';
import { userRecord } from '@/server/services/users/user-record';
import { adminProcedure, router } from '../init';
import { listLockedAccounts } from '@/server/services/auth/list-locked-accounts';
import { unlockAccount } from '@/server/services/auth/unlock-account';
import { createStravaPush } from '@/server/services/strava/push/create-strava-push';
import { deleteStravaPush } from '@/server/services/strava/push/delete-strava-push';
import { getStravaPushStatus } from '@/server/services/strava/push/get-strava-push-status';

// The admin area's twin of /users/**, /sessions/user/{id} and /idp/**: the same services, and
// the same requireAdmin guard (adminProcedure). The Strava push subscription has no REST path (the
// CLI `npm run strava-push` calls the same services); each of its procedures calls Strava, so they
// count on PROVIDER_SYNC (spec: Limits: Rate limits: endpoints that trigger outbound provider calls).
const userId = z.object({ userId: rowId });
const idpId = z.object({ id: rowId });

export const adminRouter = router({
  stravaPush: adminProcedure('PROVIDER_SYNC').query(() => getStravaPushStatus()),
  createStravaPush: adminProcedure('PROVIDER_SYNC').mutation(() => createStravaPush()),
  deleteStravaPush: adminProcedure('PROVIDER_SYNC')
    .input(z.object({ id: rowId }))
    .mutation(({ input }) => deleteStravaPush(input.id)),
  // each with the end of its sign-in lock, if locked (beyond GET /users: the page offers Unlock there only)
  users: adminProcedure('DEFAULT').query(async ({ ctx }) => {
    const [list, locked] = await Promise.all([listUsers(ctx.db), listLockedAccounts(ctx.db)]);
    return list.map((user) => ({ ...userRecord(user), locked_until: locked.get(user.id)?.toISOString() ?? null }));
  }),
  createUser: adminProcedure('WRITE')
    .input(createUserInput)
    .mutation(async ({ ctx, input }) => userRecord(await createUser(ctx.db, input))),
  setUserActive: adminProcedure('WRITE')
    .input(userId.extend({ active: z.boolean() }))
    .mutation(async ({ ctx, input }) => userRecord(await updateUser(ctx.db, input.userId, { active: input.active }))),
  resetPassword: adminProcedure('SENSITIVE')
    .input(userId.extend({ password }))
    .mutation(async ({ ctx, input }) => userRecord(await updateUser(ctx.db, input.userId, { password: input.password }))),
  // Twin of POST /users/{user_id}/unlock
  unlockUser: adminProcedure('WRITE')
    .input(userId)
    .mutation(({ ctx, input }) => unlockAccount(ctx.db, input.userId)),
  userSessions: adminProcedure('DEFAULT')
    .input(userId)
    .query(async ({ ctx, input }) => (await listSessions(ctx.db, ctx.user, input.userId)).map((s) => sessionRecord(s, ctx.user.sessionId))),
  endSession: adminProcedure('WRITE')
    .input(userId.extend({ sessionId: z.string().max(64) }))
    .mutation(async ({ ctx, input }) => {
      await deleteSession(ctx.db, ctx.user, input.sessionId, input.userId);
      return { id: input.sessionId };
    }),
  idps: adminProcedure('DEFAULT').query(async ({ ctx }) => (await listIdentityProviders(ctx.db)).map(identityProviderRecord)),
  createIdp: adminProcedure('WRITE')
    .input(identityProviderInput)
    .mutation(async ({ ctx, input }) => identityProviderRecord(await createIdentityProvider(ctx.db, input))),
  setIdpEnabled: adminProcedure('WRITE')
    .input(idpId.extend({ enabled: z.boolean() }))
    .mutation(async ({ ctx, input }) => identityProviderRecord(await setIdentityProviderEnabled(ctx.db, input.id, input.enabled))),
  deleteIdp: adminProcedure('WRITE')
    .input(idpId)
    .mutation(async ({ ctx, input }) => {
      await deleteIdentityProvider(ctx.db, input.id);
      return { id: input.id };
    }),
});
