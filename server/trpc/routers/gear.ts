import { z } from 'zod';
import { rowId } from '@/server/http/params';
import { createGear } from '@/server/services/gear/create-gear';
import { deleteGear } from '@/server/services/gear/delete-gear';
import { getGearOrThrow } from '@/server/services/gear/get-gear-or-throw';
import { listGears } from '@/server/services/gear/list-gears';
import { createGearInput, updateGearInput } from '@/server/services/gear/schemas';
import { updateGear } from '@/server/services/gear/update-gear';
import { authedProcedure, router } from '../init';

const byId = z.object({ id: rowId });

export const gearRouter = router({
  list: authedProcedure('DEFAULT').query(({ ctx }) => listGears(ctx.db, ctx.user.userId)),
  get: authedProcedure('DEFAULT')
    .input(byId)
    .query(({ ctx, input }) => getGearOrThrow(ctx.db, ctx.user.userId, input.id)),
  create: authedProcedure('WRITE')
    .input(createGearInput)
    .mutation(({ ctx, input }) => createGear(ctx.db, ctx.user.userId, input)),
  update: authedProcedure('WRITE')
    .input(byId.extend({ changes: updateGearInput }))
    .mutation(({ ctx, input }) => updateGear(ctx.db, ctx.user.userId, input.id, input.changes)),
  delete: authedProcedure('WRITE')
    .input(byId)
    .mutation(({ ctx, input }) => deleteGear(ctx.db, ctx.user.userId, input.id)),
});
