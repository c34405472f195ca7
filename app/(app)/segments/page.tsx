import { env } from '@/server/env';
import { mapTiles } from '@/server/map-tiles';
import { pageTitle } from '../../_lib/page-title';
import { SegmentsScreen } from './_components/segments-screen';

export const generateMetadata = pageTitle('segments');

/** Server component: hands the configured tile server to the segments' map. */
export default function SegmentsPage() {
  return <SegmentsScreen tiles={mapTiles(env())} />;
}
