import { z } from 'zod';
import { apiKeyRecord } from '@/server/services/api-keys/api-key-record';
import { createApiKey } from '@/server/services/api-keys/create-api-key';
import { listApiKeys } from '@/server/services/api-keys/list-api-keys';
import { deleteApiKey, revokeApiKey } from '@/server/services/api-keys/revoke-api-key';
import { createApiKeyInput } from '@/server/services/api-keys/schemas';
import { authedProcedure, router } from '../init';

// Twin of /profile/api_keys/**: same services, same wire record (`key` only on creation).
const keyId = z.object({ id: z.string().max(64) });

export const apiKeysRouter = router({
  list: authedProcedure('DEFAULT').query(async ({ ctx }) => (await listApiKeys(ctx.db, ctx.user.userId)).map((row) => apiKeyRecord(row))),
  create: authedProcedure('SENSITIVE')
    .input(createApiKeyInput)
    .mutation(async ({ ctx, input }) => {
      const { row, key } = await createApiKey(ctx.db, ctx.user.userId, input);
      return { ...apiKeyRecord(row), key };
    }),
  revoke: authedProcedure('WRITE')
    .input(keyId)
    .mutation(async ({ ctx, input }) => {
      await revokeApiKey(ctx.db, ctx.user.userId, input.id);
      return { id: input.id };
    }),
  delete: authedProcedure('WRITE')
    .input(keyId)
    .mutation(async ({ ctx, input }) => {
      await deleteApiKey(ctx.db, ctx.user.userId, input.id);
      return { id: input.id };
    }),
});
