import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { receiveTextFile, uploadForm } from '@/server/http/wire/received-file';
import { importGearCsv } from '@/server/services/gear/import-gear-csv';
import { GEAR_CSV_MAX_BYTES, gearCsvImportResponse } from '@/server/services/gear/schemas';

// Spec: the provider's shoes.csv as multipart (field `file`), Bearer access token, tier UPLOAD.
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    doc: {
      summary: 'Import shoes from a Strava shoes.csv',
      body: [{ media: 'multipart/form-data', schema: uploadForm, required: true }],
      problems: ['failed_dependency', 'invalid_input', 'payload_too_large', 'unsupported_media_type', 'validation_failed'],
      responses: { 201: jsonDoc(gearCsvImportResponse, 'What the file added') },
    },
    auth: 'jwt',
    scope: 'gears:write',
    tier: 'UPLOAD',
    handler: async ({ db, auth, request }) =>
      json(await importGearCsv(db, auth.userId, 'shoes', await receiveTextFile(request, GEAR_CSV_MAX_BYTES)), { status: 201 }),
  }),
});
