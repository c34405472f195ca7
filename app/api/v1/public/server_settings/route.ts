import { createHash } from 'node:crypto';
import { jsonDoc } from '@/server/http/route-doc';
import { defineRoute } from '@/server/http/define-route';
import { ifNoneMatchHolds } from '@/server/http/openapi/serve-document';
import { routes } from '@/server/http/routes';
import { getPublicServerSettings } from '@/server/services/server-settings/get-public-server-settings';
import { publicServerSettingsResponse } from '@/server/services/server-settings/schemas';

// Issue 51: Gadgetbridge and the Endurain app read this before they sign in. It changes with the
// configuration or an identity provider switched on or off: a minute's cache, revalidated by a
// strong ETag of the bytes (If-None-Match → 304), as GET /openapi.json.
const CACHE_CONTROL = 'public, max-age=60, must-revalidate';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Public server settings',
      description: "What a client reads before signing in, with Endurain's field names (ServerSettingsReadPublic).",
      headers: ['if-none-match'],
      responses: {
        200: jsonDoc(publicServerSettingsResponse, 'The settings', ['etag', 'cache-control']),
        304: { description: 'Not modified: the copy named by If-None-Match is current', headers: ['etag', 'cache-control'] },
      },
    },
    auth: 'public',
    tier: 'DEFAULT',
    handler: async ({ db, request }) => {
      const body = JSON.stringify(await getPublicServerSettings(db));
      const headers = { etag: `"${createHash('sha256').update(body).digest('base64url')}"`, 'cache-control': CACHE_CONTROL };
      if (ifNoneMatchHolds(request.headers.get('if-none-match'), headers.etag)) return new Response(null, { status: 304, headers });
      return new Response(body, { status: 200, headers: { ...headers, 'content-type': 'application/json' } });
    },
  }),
});
