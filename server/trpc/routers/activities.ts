import { z } from 'zod';
import { rowId } from '@/server/http/params';
import { activityRecord } from '@/server/services/activities/activity-record';
import { deleteActivity } from '@/server/services/activities/delete-activity';
import { createManualActivity } from '@/server/services/activities/create-manual-activity';
import { activityLapsRead, activityPageRead, activityRead, activityStreamsRead, activityZonesRead } from '@/server/services/activities/reads';
import { createManualActivityInput, updateActivityInput } from '@/server/services/activities/schemas';
import { updateActivity } from '@/server/services/activities/update-activity';
import { listActivityMedia } from '@/server/services/activity-media/list-activity-media';
import { authedProcedure, readProcedure, router } from '../init';

// The web UI's twin of the REST activity routes. Uploads go over REST (multipart). The list and the
// single read, the laps, streams and zones are the REST routes' own reads (services/activities/reads.ts).
const byId = z.object({ id: rowId });

export const activitiesRouter = router({
  list: readProcedure('DEFAULT', activityPageRead),
  get: readProcedure('DEFAULT', activityRead),
  streams: readProcedure('DEFAULT', activityStreamsRead),
  laps: readProcedure('DEFAULT', activityLapsRead),
  zones: readProcedure('DEFAULT', activityZonesRead),
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
