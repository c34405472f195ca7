import { z } from 'zod';
import { rowId } from '@/server/http/params';
import { activityRecord } from '@/server/services/activities/activity-record';
import { deleteActivity } from '@/server/services/activities/delete-activity';
import { getActivityStreams } from '@/server/services/activities/get-activity-streams';
import { getActivityZones } from '@/server/services/activities/get-activity-zones';
import { listActivityLaps } from '@/server/services/activities/list-activity-laps';
import { createManualActivity } from '@/server/services/activities/create-manual-activity';
import { activityPageRead, activityRead } from '@/server/services/activities/reads';
import { createManualActivityInput, updateActivityInput } from '@/server/services/activities/schemas';
import { updateActivity } from '@/server/services/activities/update-activity';
import { listActivityMedia } from '@/server/services/activity-media/list-activity-media';
import { authedProcedure, readProcedure, router } from '../init';

// The web UI's twin of the REST activity routes. Uploads go over REST (multipart). The list and the
// single read are the REST routes' own reads (services/activities/reads.ts).
const byId = z.object({ id: rowId });

export const activitiesRouter = router({
  list: readProcedure('DEFAULT', activityPageRead),
  get: readProcedure('DEFAULT', activityRead),
  streams: authedProcedure('DEFAULT')
    .input(byId)
    .query(({ ctx, input }) => getActivityStreams(ctx.db, ctx.user.userId, input.id)),
  laps: authedProcedure('DEFAULT')
    .input(byId)
    .query(({ ctx, input }) => listActivityLaps(ctx.db, ctx.user.userId, input.id)),
  zones: authedProcedure('DEFAULT')
    .input(byId)
    .query(({ ctx, input }) => getActivityZones(ctx.db, ctx.user.userId, input.id)),
  media: authedProcedure('DEFAULT')
    .input(byId)
    .query(({ ctx, input }) => listActivityMedia(ctx.db, ctx.user.userId, input.id)),
  /** expected_version: the version the form was loaded with; a stale one is PRECONDITION_FAILED. */
  update: authedProcedure('WRITE')
    .input(byId.extend({ expected_version: rowId.optional(), changes: updateActivityInput }))
    .mutation(async ({ ctx, input }) => activityRecord(await updateActivity(ctx.db, ctx.user.userId, input.id, input.changes, input.expected_version))),
  /** POST /activities' twin; idempotency_key: the form's, so a resent submit stores one activity */
  createManual: authedProcedure('WRITE')
    .input(z.object({ activity: createManualActivityInput, idempotency_key: z.string().min(1).max(255).optional() }))
    .mutation(async ({ ctx, input }) => (await createManualActivity(ctx.db, ctx.user.userId, input.activity, input.idempotency_key)).activity),
  delete: authedProcedure('WRITE')
    .input(byId)
    .mutation(({ ctx, input }) => deleteActivity(ctx.db, ctx.user.userId, input.id)),
});
