import { z } from 'zod';
import { rowId } from '@/server/http/params';
import { createPrivacyZone } from '@/server/services/privacy-zones/create-privacy-zone';
import { deletePrivacyZone } from '@/server/services/privacy-zones/delete-privacy-zone';
import { listPrivacyZones } from '@/server/services/privacy-zones/list-privacy-zones';
import { createPrivacyZoneInput } from '@/server/services/privacy-zones/schemas';
import { getPublicActivity } from '@/server/services/public-activities/get-public-activity';
import { getPublicActivityStreams } from '@/server/services/public-activities/get-public-activity-streams';
import { listPublicSegmentEfforts } from '@/server/services/public-activities/list-public-segment-efforts';
import { activityRoutesRead } from '@/server/services/routes/reads';
import { authedProcedure, publicProcedure, readProcedure, router } from '../init';

// The web UI's twins of GET /activities/routes, /profile/privacy_zones and /public/activities/{id}
// (CONTRACT: Beyond the spec … Maps, privacy zones, sharing).
const byId = z.object({ id: rowId });

export const mapsRouter = router({
  routes: readProcedure('DEFAULT', activityRoutesRead),
  privacyZones: authedProcedure('DEFAULT').query(({ ctx }) => listPrivacyZones(ctx.db, ctx.user.userId)),
  createPrivacyZone: authedProcedure('WRITE')
    .input(createPrivacyZoneInput)
    .mutation(({ ctx, input }) => createPrivacyZone(ctx.db, ctx.user.userId, input)),
  deletePrivacyZone: authedProcedure('WRITE')
    .input(byId)
    .mutation(({ ctx, input }) => deletePrivacyZone(ctx.db, ctx.user.userId, input.id)),
  publicActivity: publicProcedure('DEFAULT')
    .input(byId)
    .query(({ ctx, input }) => getPublicActivity(ctx.db, input.id)),
  publicStreams: publicProcedure('DEFAULT')
    .input(byId)
    .query(({ ctx, input }) => getPublicActivityStreams(ctx.db, input.id)),
  publicSegmentEfforts: publicProcedure('DEFAULT')
    .input(byId)
    .query(({ ctx, input }) => listPublicSegmentEfforts(ctx.db, input.id)),
});
