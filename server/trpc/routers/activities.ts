import { z } from 'zod';
import { rowId } from '@/server/http/params';
import { activityRecord } from '@/server/services/activities/activity-record';
import { deleteActivity } from '@/server/services/activities/delete-activity';
import { findActivities } from '@/server/services/activities/find-activities';
import { getActivityOrThrow } from '@/server/services/activities/get-activity-or-throw';
import { getActivityStreams } from '@/server/services/activities/get-activity-streams';
import { getActivityZones } from '@/server/services/activities/get-activity-zones';
import { listActivityLaps } from '@/server/services/activities/list-activity-laps';
import { listActivitiesInput, updateActivityInput } from '@/server/services/activities/schemas';
import { updateActivity } from '@/server/services/activities/update-activity';
import { listActivityMedia } from '@/server/services/activity-media/list-activity-media';
import { authedProcedure, router } from '../init';

// The web UI's twin of the REST activity routes. Uploads go over REST (multipart).
const byId = z.object({ id: rowId });

export const activitiesRouter = router({
  list: authedProcedure('DEFAULT')
    .input(listActivitiesInput)
    .query(({ ctx, input }) => findActivities(ctx.db, ctx.user.userId, input)),
  get: authedProcedure('DEFAULT')
    .input(byId)
    .query(async ({ ctx, input }) => activityRecord(await getActivityOrThrow(ctx.db, ctx.user.userId, input.id))),
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
  delete: authedProcedure('WRITE')
    .input(byId)
    .mutation(({ ctx, input }) => deleteActivity(ctx.db, ctx.user.userId, input.id)),
});
