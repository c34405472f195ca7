import type { Metadata } from 'next';
import { env } from '@/server/env';
import { mapTiles } from '@/server/map-tiles';
import { HeatmapView } from './_components/heatmap-view';

// the tile configuration is read when serving, not when building
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Heatmap · Stride' };

/** Server component: hands the configured tiles (server/map-tiles.ts) to the heatmap. */
export default function HeatmapPage() {
  return <HeatmapView tiles={mapTiles(env())} />;
}
