'use client';
import 'leaflet/dist/leaflet.css';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import type { MapTiles } from '@/server/map-tiles';
import type { HoverBus } from '../../../../_lib/hover-bus';
import { simplifyToTarget } from '../../../../_lib/simplify';
import { useZoomTitles } from '../../../../_lib/map-zoom';

interface Props {
  lat: (number | null)[];
  lon: (number | null)[];
  tiles: MapTiles | null;
  hover: HoverBus;
}

type MapState = 'loading' | 'ready' | 'failed';

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * The route on a Leaflet map over the configured tiles (OpenStreetMap's by default, with their
 * attribution); without tiles (MAP_TILE_URL=none, or when the
 * tile server is unreachable) the line still draws on a plain background. Nothing here may break
 * the page: any failure leaves a note instead of a map.
 */
export function RouteMap({ lat, lon, tiles, hover }: Props) {
  const t = useTranslations('activity.map');
  const startLabel = t('start');
  const finishLabel = t('finish');
  const zoom = useZoomTitles();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>('loading');
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    let cleanup = () => {};
    (async () => {
      const L = (await import('leaflet')).default;
      if (disposed || !container.current) return;
      const points: number[] = [];
      const ys: number[] = [];
      const xs: number[] = [];
      for (let i = 0; i < lat.length; i++) {
        const a = lat[i];
        const o = lon[i];
        if (a == null || o == null || !Number.isFinite(a) || !Number.isFinite(o)) continue;
        points.push(i);
        ys.push(a);
        xs.push(o);
      }
      if (points.length < 2) throw new Error('no positions');
      const kept = simplifyToTarget(xs, ys);
      const line = kept.map((k) => [ys[k]!, xs[k]!] as [number, number]);
      const map = L.map(container.current, { preferCanvas: true, attributionControl: Boolean(tiles), zoomSnap: 0.25, keyboard: true, zoomControl: false });
      L.control.zoom(zoom).addTo(map);
      if (tiles) {
        const layer = L.tileLayer(tiles.url, { maxZoom: 19, attribution: tiles.attribution });
        layer.on('tileerror', () => setTilesFailed(true));
        layer.addTo(map);
      }
      const accent = cssVar('--accent', '#c23f19');
      const route = L.polyline(line, { color: accent, weight: 3.5, opacity: 0.95 }).addTo(map);
      L.circleMarker(line[0]!, { radius: 6, color: '#fff', weight: 2, fillColor: '#1e9e4a', fillOpacity: 1 }).bindTooltip(startLabel).addTo(map);
      L.circleMarker(line[line.length - 1]!, { radius: 6, color: '#fff', weight: 2, fillColor: '#c23f19', fillOpacity: 1 })
        .bindTooltip(finishLabel)
        .addTo(map);
      const cursor = L.circleMarker(line[0]!, {
        radius: 7,
        color: '#fff',
        weight: 2,
        fillColor: cssVar('--focus', '#2f6fed'),
        opacity: 0,
        fillOpacity: 0,
      }).addTo(map);
      map.fitBounds(route.getBounds(), { padding: [18, 18] });
      // a phone turned sideways or a resized window: show the whole route again at the new size
      let width = container.current.clientWidth;
      const resized = new ResizeObserver(() => {
        const next = container.current?.clientWidth ?? width;
        if (next === width) return;
        width = next;
        map.invalidateSize();
        map.fitBounds(route.getBounds(), { padding: [18, 18] });
      });
      resized.observe(container.current);
      const unsubscribe = hover.subscribe((index) => {
        const a = index == null ? null : lat[index];
        const o = index == null ? null : lon[index];
        if (a == null || o == null) {
          cursor.setStyle({ opacity: 0, fillOpacity: 0 });
          return;
        }
        cursor.setLatLng([a, o]).setStyle({ opacity: 1, fillOpacity: 1 });
      });
      cleanup = () => {
        resized.disconnect();
        unsubscribe();
        map.remove();
      };
      if (disposed) cleanup();
      else {
        setState('ready');
        performance.mark('stride:map-ready');
      }
    })().catch(() => !disposed && setState('failed'));
    return () => {
      disposed = true;
      cleanup();
    };
  }, [lat, lon, tiles, hover, startLabel, finishLabel, zoom]);

  return (
    <div className="map" data-testid="route-map" data-state={state} role="region" aria-label={t('label')}>
      <div ref={container} style={{ height: '100%' }} />
      {state === 'failed' ? <p className="map-note">{t('failed')}</p> : null}
      {state === 'ready' && (!tiles || tilesFailed) ? <p className="map-note">{tiles ? t('tilesUnavailable') : t('noTiles')}</p> : null}
    </div>
  );
}
