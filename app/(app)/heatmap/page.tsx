import { getTranslations } from 'next-intl/server';
import { env } from '@/server/env';
import { mapTiles } from '@/server/map-tiles';
import { ExplorerLayer } from './_components/explorer-layer';
import { HeatmapView } from './_components/heatmap-view';
import { pageTitle } from '../../_lib/page-title';

// the tile configuration is read when serving, not when building
export const dynamic = 'force-dynamic';

export const generateMetadata = pageTitle('heatmap');

/** Server component: hands the configured tiles (server/map-tiles.ts) to the heatmap. */
export default async function HeatmapPage() {
  const t = await getTranslations('heatmap');
  const tiles = mapTiles(env());
  return (
    <div className="stack-lg">
      <h1>{t('title')}</h1>
      <HeatmapView tiles={tiles} />
      <ExplorerLayer tiles={tiles} />
    </div>
  );
}
