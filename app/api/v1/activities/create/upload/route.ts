import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { idempotencyKeyOf, receiveActivityFile } from '@/server/http/wire/received-file';
import { createActivitiesFromUpload } from '@/server/services/uploads/create-activities-from-upload';

// Spec: X-API-Key (or JWT with activities:upload), no X-Client-Type needed, tier UPLOAD.
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    auth: 'upload',
    scope: 'activities:upload',
    tier: 'UPLOAD',
    handler: async ({ db, auth, request }) => {
      const key = idempotencyKeyOf(request.headers);
      const file = await receiveActivityFile(request);
      const answer = await createActivitiesFromUpload(db, auth.userId, file, key);
      return json(answer.body, { status: answer.status, headers: answer.replayed ? { 'idempotent-replayed': 'true' } : {} });
    },
  }),
});
