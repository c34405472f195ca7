'use client';
import { now } from '@/server/clock';
import { useTranslations } from 'next-intl';
import 'leaflet/dist/leaflet.css';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { MapTiles } from '@/server/map-tiles';
import type { FindActivityRoutesInput } from '@/server/services/routes/schemas';
import { ActivityTypeOptions } from '../../../_components/activity-type-options';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { decodePolyline } from '@/server/formats/route/decode-polyline';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useZoomTitles } from '../../../_lib/map-zoom';
import { decodedRoute, drawRoutes, routeAt, type DecodedRoute } from './route-canvas';

const FIRST_YEAR = 2000;

/**
 * Every route of the signed-in user on one map (CONTRACT: Beyond the spec … Maps, privacy zones,
 * sharing): filters by type and year, a click on a route opens its activity.
 */
export function HeatmapView({ tiles }: { tiles: MapTiles | null }) {
  const t = useTranslations('heatmap');
  const router = useRouter();
  const [type, setType] = useState('');
  const [year, setYear] = useState('');
  const query = trpc.maps.routes.useQuery({
    type: (type || undefined) as FindActivityRoutesInput['type'],
    start_date: year ? `${year}-01-01` : undefined,
    end_date: year ? `${year}-12-31` : undefined,
  });
  const routes = useMemo<DecodedRoute[]>(() => (query.data?.items ?? []).map((r) => decodedRoute(r.id, decodePolyline(r.polyline))), [query.data]);
  const zoom = useZoomTitles();
  const container = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const years = useMemo(() => Array.from({ length: now().getFullYear() - FIRST_YEAR + 1 }, (_, i) => String(now().getFullYear() - i)), []);

  useEffect(() => {
    if (!query.data) return;
    let disposed = false;
    let cleanup = () => {};
    (async () => {
      const L = (await import('leaflet')).default;
      if (disposed || !container.current || !canvas.current) return;
      const map = L.map(container.current, { attributionControl: Boolean(tiles), zoomSnap: 0.25, keyboard: true, worldCopyJump: true, zoomControl: false });
      L.control.zoom(zoom).addTo(map);
      if (tiles) L.tileLayer(tiles.url, { maxZoom: 19, attribution: tiles.attribution }).addTo(map);
      if (routes.length) {
        const south = Math.min(...routes.map((r) => r.minLat));
        const north = Math.max(...routes.map((r) => r.maxLat));
        const west = Math.min(...routes.map((r) => r.minLon));
        const east = Math.max(...routes.map((r) => r.maxLon));
        map.fitBounds([
          [south, west],
          [north, east],
        ]);
      } else map.setView([20, 0], 2);
      const colour = getComputedStyle(document.documentElement).getPropertyValue('--accent').trim() || '#c23f19';
      const draw = () => drawRoutes(canvas.current!, map, routes, colour);
      map.on('moveend zoomend resize', draw);
      map.on('movestart zoomstart', () => canvas.current?.getContext('2d')?.clearRect(0, 0, canvas.current.width, canvas.current.height));
      map.on('click', (event) => {
        const id = routeAt(map, routes, event.containerPoint.x, event.containerPoint.y);
        if (id !== null) router.push(`/activities/${id}`);
      });
      draw();
      cleanup = () => map.remove();
      if (disposed) cleanup();
      else {
        setState('ready');
        performance.mark('stride:heatmap-ready');
      }
    })().catch(() => !disposed && setState('failed'));
    return () => {
      disposed = true;
      cleanup();
    };
  }, [query.data, routes, tiles, router, zoom]);

  return (
    <SectionCard title={t('title')}>
      <form className="filters" aria-label={t('filters')} onSubmit={(e) => e.preventDefault()}>
        <label className="field">
          <span>{t('type')}</span>
          <select value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">{t('allTypes')}</option>
            <ActivityTypeOptions />
          </select>
        </label>
        <label className="field">
          <span>{t('year')}</span>
          <select value={year} onChange={(e) => setYear(e.target.value)}>
            <option value="">{t('allYears')}</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
      </form>
      <ProblemAlert problem={query.error ? problemOf(query.error) : null} />
      <p className="muted" aria-live="polite">
        {query.data ? t('drawn', { count: routes.length }) : t('loading')}
      </p>
      <div className="map heatmap" data-testid="heatmap" data-state={state} data-routes={routes.length} role="region" aria-label={t('label')}>
        <div ref={container} style={{ height: '100%' }} />
        <canvas ref={canvas} className="heatmap-canvas" aria-hidden="true" />
        {state === 'failed' ? <p className="map-note">{t('failed')}</p> : null}
      </div>
    </SectionCard>
  );
}
