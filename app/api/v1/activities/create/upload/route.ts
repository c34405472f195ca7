import { z } from 'zod';
import { jsonDoc } from '@/server/http/route-doc';
import { uploadedActivityResponse } from '@/server/services/activities/schemas';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { idempotencyKeyOf, uploadForm, withReceivedActivityFile } from '@/server/http/wire/received-file';
import { createActivitiesFromUpload } from '@/server/services/uploads/create-activities-from-upload';

// Spec: X-API-Key (or JWT with activities:upload), no X-Client-Type needed, tier UPLOAD.
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: {
      summary: 'Upload an activity file',
      description:
        'A FIT, GPX or TCX file (optionally gzip) as multipart field `file`. Idempotency-Key replays the first answer. An activity starting in the same second as one you already have is stored hidden, and its `duplicate_of` names that activity.',
      headers: ['idempotency-key'],
      body: [{ media: 'multipart/form-data', schema: uploadForm, required: true }],
      problems: ['invalid_input', 'conflict', 'unsupported_format', 'payload_too_large', 'unsupported_media_type', 'validation_failed'],
      responses: {
        201: jsonDoc(z.array(uploadedActivityResponse), 'The activities the file held; `duplicate_of` is set on a duplicate', ['idempotent-replayed']),
      },
    },
    auth: 'upload',
    scope: 'activities:upload',
    tier: 'UPLOAD',
    handler: async ({ db, auth, request }) => {
      const key = idempotencyKeyOf(request.headers);
      const { activities, replayed } = await withReceivedActivityFile(request, (file) => createActivitiesFromUpload(db, auth.userId, file, key));
      // CONTRACT: Activities: a replay answers as the first upload did (201), marked as a replay
      return json(activities, { status: 201, headers: replayed ? { 'idempotent-replayed': 'true' } : {} });
    },
  }),
});
