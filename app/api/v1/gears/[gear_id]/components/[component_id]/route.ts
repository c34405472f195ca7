import { z } from 'zod';
import { changeAndRemoveRoutes } from '@/server/http/change-and-remove-routes';
import { intId } from '@/server/http/params';
import { routes } from '@/server/http/routes';
import { deleteGearComponent } from '@/server/services/gear-components/delete-gear-component';
import { componentResponse, updateComponentInput } from '@/server/services/gear-components/schemas';
import { updateGearComponent } from '@/server/services/gear-components/update-gear-component';

// CONTRACT: Explorer, goals, gear components, segments
export const { GET, POST, PUT, PATCH, DELETE } = routes(
  changeAndRemoveRoutes({
    noun: 'component',
    scope: 'gears:write',
    params: z.object({ gear_id: intId, component_id: intId }),
    input: updateComponentInput,
    response: componentResponse,
    change: (db, userId, params, body) => updateGearComponent(db, userId, params.gear_id, params.component_id, body),
    remove: (db, userId, params) => deleteGearComponent(db, userId, params.gear_id, params.component_id),
  }),
);
