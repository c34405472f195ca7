import { z } from 'zod';
import { rowId } from '@/server/http/params';
import { listIdentityProviders } from '@/server/services/identity-providers/list-identity-providers';
import { publicIdentityProviderRecord } from '@/server/services/identity-providers/identity-provider-record';
import { listIdentityLinks } from '@/server/services/sso/list-identity-links';
import { unlinkIdentity } from '@/server/services/sso/unlink-identity';
import { authedProcedure, router } from '../init';

// Twin of GET/DELETE /profile/idp. Starting a link stays REST (GET /profile/idp/{id}/link): its
// answer sets the state cookie that binds the flow to this browser.
export const identityLinksRouter = router({
  list: authedProcedure('DEFAULT').query(async ({ ctx }) => ({
    links: await listIdentityLinks(ctx.db, ctx.user.userId),
    providers: (await listIdentityProviders(ctx.db, { enabledOnly: true })).map(publicIdentityProviderRecord),
  })),
  unlink: authedProcedure('WRITE')
    .input(z.object({ idpId: rowId }))
    .mutation(async ({ ctx, input }) => {
      await unlinkIdentity(ctx.db, ctx.user.userId, input.idpId);
      return { idpId: input.idpId };
    }),
});
