import { z } from 'zod';
import { rowId } from '@/server/http/params';
import { createGearComponent } from '@/server/services/gear-components/create-gear-component';
import { deleteGearComponent } from '@/server/services/gear-components/delete-gear-component';
import { listGearComponents } from '@/server/services/gear-components/list-gear-components';
import { replaceGearComponent } from '@/server/services/gear-components/replace-gear-component';
import { createComponentInput, replaceComponentInput, updateComponentInput } from '@/server/services/gear-components/schemas';
import { updateGearComponent } from '@/server/services/gear-components/update-gear-component';
import { authedProcedure, router } from '../init';

const ofGear = z.object({ gear_id: rowId });
const byId = ofGear.extend({ id: rowId });

// twins of /gears/{id}/components (CONTRACT: Explorer, goals, gear components, segments)
export const gearComponentsRouter = router({
  list: authedProcedure('DEFAULT')
    .input(ofGear)
    .query(({ ctx, input }) => listGearComponents(ctx.db, ctx.user.userId, input.gear_id)),
  create: authedProcedure('WRITE')
    .input(ofGear.extend({ component: createComponentInput }))
    .mutation(({ ctx, input }) => createGearComponent(ctx.db, ctx.user.userId, input.gear_id, input.component)),
  update: authedProcedure('WRITE')
    .input(byId.extend({ changes: updateComponentInput }))
    .mutation(({ ctx, input }) => updateGearComponent(ctx.db, ctx.user.userId, input.gear_id, input.id, input.changes)),
  replace: authedProcedure('WRITE')
    .input(byId.extend({ replace: replaceComponentInput }))
    .mutation(({ ctx, input }) => replaceGearComponent(ctx.db, ctx.user.userId, input.gear_id, input.id, input.replace)),
  delete: authedProcedure('WRITE')
    .input(byId)
    .mutation(({ ctx, input }) => deleteGearComponent(ctx.db, ctx.user.userId, input.gear_id, input.id)),
});
