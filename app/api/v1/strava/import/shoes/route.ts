import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { routes } from '@/server/http/routes';
import { receiveTextFile } from '@/server/http/wire/received-file';
import { importGearCsv } from '@/server/services/gear/import-gear-csv';
import { GEAR_CSV_MAX_BYTES } from '@/server/services/gear/schemas';

// Spec: the provider's shoes.csv as multipart (field `file`), Bearer access token, tier UPLOAD.
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: defineRoute({
    auth: 'jwt',
    scope: 'gears:write',
    tier: 'UPLOAD',
    handler: async ({ db, auth, request }) =>
      json(await importGearCsv(db, auth.userId, 'shoes', await receiveTextFile(request, GEAR_CSV_MAX_BYTES)), { status: 201 }),
  }),
});
