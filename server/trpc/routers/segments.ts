import { z } from 'zod';
import { jobHandle } from '@/server/job-queue/job-record';
import { rowId } from '@/server/http/params';
import { createSegment } from '@/server/services/segments/create-segment';
import { deleteSegment } from '@/server/services/segments/delete-segment';
import { activitySegmentEffortsRead, segmentEffortsRead, segmentProfileRead, segmentRead, segmentsRead } from '@/server/services/segments/reads';
import { rematchSegment } from '@/server/services/segments/rematch-segment';
import { createSegmentInput, updateSegmentInput } from '@/server/services/segments/schemas';
import { updateSegment } from '@/server/services/segments/update-segment';
import { authedProcedure, readProcedure, router } from '../init';

const byId = z.object({ id: rowId });

// twins of /segments… and /activities/{id}/segment_efforts (CONTRACT: Explorer, goals, gear components, segments)
export const segmentsRouter = router({
  list: readProcedure('DEFAULT', segmentsRead),
  get: readProcedure('DEFAULT', segmentRead),
  create: authedProcedure('WRITE')
    .input(createSegmentInput)
    .mutation(({ ctx, input }) => createSegment(ctx.db, ctx.user.userId, input)),
  update: authedProcedure('WRITE')
    .input(byId.extend({ changes: updateSegmentInput }))
    .mutation(({ ctx, input }) => updateSegment(ctx.db, ctx.user.userId, input.id, input.changes)),
  delete: authedProcedure('WRITE')
    .input(byId)
    .mutation(({ ctx, input }) => deleteSegment(ctx.db, ctx.user.userId, input.id)),
  efforts: readProcedure('DEFAULT', segmentEffortsRead),
  profile: readProcedure('DEFAULT', segmentProfileRead),
  activityEfforts: readProcedure('DEFAULT', activitySegmentEffortsRead),
  rematch: authedProcedure('WRITE')
    .input(byId)
    .mutation(async ({ ctx, input }) => jobHandle(await rematchSegment(ctx.db, ctx.user.userId, input.id))),
});
