import { z } from 'zod';
import { jobHandle } from '@/server/job-queue/job-record';
import { rowId } from '@/server/http/params';
import { createSegment } from '@/server/services/segments/create-segment';
import { deleteSegment } from '@/server/services/segments/delete-segment';
import { getSegmentOrThrow } from '@/server/services/segments/get-segment-or-throw';
import { getSegmentProfile } from '@/server/services/segments/get-segment-profile';
import { listActivitySegmentEfforts } from '@/server/services/segments/list-activity-segment-efforts';
import { listSegmentEfforts } from '@/server/services/segments/list-segment-efforts';
import { listSegments } from '@/server/services/segments/list-segments';
import { rematchSegment } from '@/server/services/segments/rematch-segment';
import { createSegmentInput, listSegmentsInput, segmentEffortsInput, updateSegmentInput } from '@/server/services/segments/schemas';
import { updateSegment } from '@/server/services/segments/update-segment';
import { authedProcedure, router } from '../init';

const byId = z.object({ id: rowId });

// twins of /segments… and /activities/{id}/segment_efforts (CONTRACT: Explorer, goals, gear components, segments)
export const segmentsRouter = router({
  list: authedProcedure('DEFAULT')
    .input(listSegmentsInput)
    .query(({ ctx, input }) => listSegments(ctx.db, ctx.user.userId, input)),
  get: authedProcedure('DEFAULT')
    .input(byId)
    .query(({ ctx, input }) => getSegmentOrThrow(ctx.db, ctx.user.userId, input.id)),
  create: authedProcedure('WRITE')
    .input(createSegmentInput)
    .mutation(({ ctx, input }) => createSegment(ctx.db, ctx.user.userId, input)),
  update: authedProcedure('WRITE')
    .input(byId.extend({ changes: updateSegmentInput }))
    .mutation(({ ctx, input }) => updateSegment(ctx.db, ctx.user.userId, input.id, input.changes)),
  delete: authedProcedure('WRITE')
    .input(byId)
    .mutation(({ ctx, input }) => deleteSegment(ctx.db, ctx.user.userId, input.id)),
  efforts: authedProcedure('DEFAULT')
    .input(byId.extend(segmentEffortsInput.shape))
    .query(({ ctx, input }) => listSegmentEfforts(ctx.db, ctx.user.userId, input.id, { year: input.year })),
  profile: authedProcedure('DEFAULT')
    .input(byId)
    .query(({ ctx, input }) => getSegmentProfile(ctx.db, ctx.user.userId, input.id)),
  activityEfforts: authedProcedure('DEFAULT')
    .input(byId)
    .query(({ ctx, input }) => listActivitySegmentEfforts(ctx.db, ctx.user.userId, input.id)),
  rematch: authedProcedure('WRITE')
    .input(byId)
    .mutation(async ({ ctx, input }) => jobHandle(await rematchSegment(ctx.db, ctx.user.userId, input.id))),
});
