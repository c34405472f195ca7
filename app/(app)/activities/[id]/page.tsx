import { notFound } from 'next/navigation';
import { env } from '@/server/env';
import { mapTiles } from '@/server/map-tiles';
import { ActivityView } from './_components/activity-view';
import { pageTitle } from '../../../_lib/page-title';

export const generateMetadata = pageTitle('activity');

/** Server component: hands the configured tile server (server/map-tiles.ts: OpenStreetMap by default, none when MAP_TILE_URL=none) to the page. */
export default async function ActivityPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const activityId = Number(id);
  if (!Number.isInteger(activityId) || activityId <= 0) notFound();
  return <ActivityView id={activityId} tiles={mapTiles(env())} />;
}
