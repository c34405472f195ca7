import { defineRead } from '../reads/define-read';
import { findActivityRoutesJson } from './find-activity-routes';
import { activityRoutesResponse, findActivityRoutesInput } from './schemas';

// The owner's routes (GET /activities/routes, tRPC maps.routes). The database writes the answer's
// JSON, which REST sends as it is and tRPC reads back through the response schema. Not kept: a
// route is stored after its activity (activity.created subscriber), so the activities' version
// alone would serve a heatmap without it.

export const activityRoutesRead = defineRead({
  name: 'activity-routes',
  input: findActivityRoutesInput,
  response: activityRoutesResponse,
  byUser: async (db, userId, input) => ({ json: await findActivityRoutesJson(db, userId, input) }),
});
