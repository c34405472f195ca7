'use client';
import 'leaflet/dist/leaflet.css';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import type { MapTiles } from '@/server/map-tiles';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { SelectField } from '../../../_components/select-field';
import { useZoomTitles } from '../../../_lib/map-zoom';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useFormats } from '../../../_lib/use-formats';

const ZOOMS = [
  { value: '14', label: '14' },
  { value: '17', label: '17' },
];

const lonOf = (x: number, n: number) => (x / n) * 360 - 180;
const latOf = (y: number, n: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;

/**
 * The explorer layer (CONTRACT: Explorer, goals, gear components, segments): visited tiles of zoom
 * 14 or 17 shaded on a map, fetched for the view, the largest square outlined, and the summary.
 */
export function ExplorerLayer({ tiles }: { tiles: MapTiles | null }) {
  const t = useTranslations('explorer');
  const f = useFormats();
  const zoomTitles = useZoomTitles();
  const utils = trpc.useUtils();
  const [zoom, setZoom] = useState<14 | 17>(14);
  const summary = trpc.explorer.summary.useQuery({ zoom });
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [shown, setShown] = useState(0);

  useEffect(() => {
    const data = summary.data;
    if (!data) return;
    let disposed = false;
    let cleanup = () => {};
    (async () => {
      const L = (await import('leaflet')).default;
      if (disposed || !container.current) return;
      const map = L.map(container.current, { attributionControl: Boolean(tiles), zoomSnap: 0.25, keyboard: true, zoomControl: false });
      L.control.zoom(zoomTitles).addTo(map);
      if (tiles) L.tileLayer(tiles.url, { maxZoom: 19, attribution: tiles.attribution }).addTo(map);
      const n = 2 ** zoom;
      const { size, x, y } = data.max_square;
      const square: [[number, number], [number, number]] = [
        [latOf(y + size, n), lonOf(x, n)],
        [latOf(y, n), lonOf(x + size, n)],
      ];
      if (size > 0) {
        map.fitBounds(square, { padding: [40, 40] });
        L.rectangle(square, { color: '#1565c0', weight: 3, fill: false }).addTo(map);
      } else map.setView([20, 0], 2);
      const colour = getComputedStyle(document.documentElement).getPropertyValue('--accent').trim() || '#c23f19';
      let layer: ReturnType<typeof L.geoJSON> | null = null;
      const load = async () => {
        const b = map.getBounds();
        const clamp = (v: number, m: number) => Math.max(-m, Math.min(m, v)).toFixed(6);
        const bbox = [clamp(b.getWest(), 180), clamp(b.getSouth(), 85), clamp(b.getEast(), 180), clamp(b.getNorth(), 85)].join(',');
        const collection = await utils.explorer.tiles.fetch({ zoom, bbox });
        if (disposed) return;
        layer?.remove();
        layer = L.geoJSON(collection as never, { style: { color: colour, weight: 0.5, fillOpacity: 0.35 } }).addTo(map);
        setShown(collection.features.length);
      };
      map.on('moveend', () => void load().catch(() => !disposed && setState('failed')));
      await load();
      cleanup = () => map.remove();
      if (disposed) cleanup();
      else setState('ready');
    })().catch(() => !disposed && setState('failed'));
    return () => {
      disposed = true;
      cleanup();
    };
  }, [summary.data, zoom, tiles, utils, zoomTitles]);

  const data = summary.data;
  return (
    <SectionCard
      title={t('title')}
      testId="explorer"
      actions={<SelectField label={t('zoom')} value={String(zoom)} options={ZOOMS} onChange={(v) => setZoom(Number(v) as 14 | 17)} />}
    >
      <ProblemAlert problem={summary.error ? problemOf(summary.error) : null} />
      {data ? (
        <p data-testid="explorer-summary">
          {t('summary', { tiles: f.number(data.tiles), square: data.max_square.size, cluster: f.number(data.max_cluster), year: f.number(data.new_this_year) })}
        </p>
      ) : null}
      <p className="muted" aria-live="polite">
        {t('shown', { count: shown })}
      </p>
      <div className="map heatmap" data-testid="explorer-map" data-state={state} data-tiles={shown} role="region" aria-label={t('label')}>
        <div ref={container} style={{ height: '100%' }} />
        {state === 'failed' ? <p className="map-note">{t('failed')}</p> : null}
      </div>
    </SectionCard>
  );
}
