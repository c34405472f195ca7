import { ImageResponse } from 'next/og';
import { isAppError } from '@/server/errors';
import { db } from '@/server/runtime';
import { getPublicActivityThumbnail } from '@/server/services/public-activities/get-public-activity-thumbnail';

// The Open Graph image of /a/{id}: the route thumbnail (privacy zones applied) rendered as a PNG,
// since chat apps preview raster images, not SVG. 404 for every non-public activity.

const SIZE = 600;

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const activityId = Number((await params).id);
  if (!Number.isInteger(activityId) || activityId <= 0 || activityId > 2_147_483_647) return new Response(null, { status: 404 });
  let svg: string | null;
  try {
    svg = await getPublicActivityThumbnail(await db(), activityId);
  } catch (error) {
    if (isAppError(error) && error.kind === 'not_found') return new Response(null, { status: 404 });
    throw error;
  }
  const src = svg ? `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` : null;
  return new ImageResponse(
    <div style={{ width: SIZE, height: SIZE, display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f4f1ea' }}>
      {/* eslint-disable-next-line @next/next/no-img-element -- rendered to a PNG by next/og, not a page */}
      {src ? <img src={src} width={SIZE - 40} height={SIZE - 40} alt="" /> : null}
    </div>,
    { width: SIZE, height: SIZE, headers: { 'cache-control': 'public, max-age=300' } },
  );
}
