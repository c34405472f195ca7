import { notFound } from 'next/navigation';
import { env } from '@/server/env';
import { mapTiles } from '@/server/map-tiles';
import { pageTitle } from '../../../_lib/page-title';
import { SegmentView } from './_components/segment-view';

export const generateMetadata = pageTitle('segment');

/** Server component: hands the configured tile server to the segment's map, as the activity page does. */
export default async function SegmentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const segmentId = Number(id);
  if (!Number.isInteger(segmentId) || segmentId <= 0) notFound();
  return <SegmentView id={segmentId} tiles={mapTiles(env())} />;
}
