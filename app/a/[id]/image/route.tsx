import { ImageResponse } from 'next/og';
import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { intId } from '@/server/http/params';
import { routes } from '@/server/http/routes';
import { getPublicActivityThumbnail } from '@/server/services/public-activities/get-public-activity-thumbnail';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: the Open Graph image of /a/{id}, the
// route thumbnail (privacy zones applied) rendered as a PNG, since chat apps preview raster images,
// not SVG. Every non-public case is the same 404 as GET /public/activities/{id}. Declared with
// defineRoute like the API, so it is rate limited and in the OpenAPI document (outside /api/v1).

const SIZE = 600;

function routeImage(svg: string | null): Response {
  const src = svg ? `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` : null;
  return new ImageResponse(
    <div style={{ width: SIZE, height: SIZE, display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f4f1ea' }}>
      {/* eslint-disable-next-line @next/next/no-img-element -- rendered to a PNG by next/og, not a page */}
      {src ? <img src={src} width={SIZE - 40} height={SIZE - 40} alt="" /> : null}
    </div>,
    { width: SIZE, height: SIZE, headers: { 'cache-control': 'public, max-age=300' } },
  );
}

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'The preview image of a public activity (the page /a/{id} names it as its Open Graph image)',
      problems: ['not_found'],
      responses: { 200: { description: 'A 600×600 PNG of the route, privacy zones applied', media: 'image/png', headers: ['cache-control'] } },
    },
    auth: 'public',
    tier: 'DEFAULT',
    params: z.object({ id: intId }),
    handler: async ({ db, params }) => routeImage(await getPublicActivityThumbnail(db, params.id)),
  }),
});
