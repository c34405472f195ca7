'use client';
import 'leaflet/dist/leaflet.css';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { MapTiles } from '@/server/map-tiles';
import type { HoverBus } from '../../../../_lib/hover-bus';
import { simplifyToTarget } from '../../../../_lib/simplify';
import { useZoomTitles } from '../../../../_lib/map-zoom';

interface Props {
  lat: (number | null)[];
  lon: (number | null)[];
  tiles: MapTiles | null;
  hover: HoverBus;
  /** samples to highlight (first and last index): a stretch chosen for a segment */
  stretch?: [number, number] | null;
  /** a picked sample waiting for the other end of its stretch */
  pickStart?: number | null;
  /** while set, a click on the map picks the track's sample nearest to it */
  onPick?: ((index: number) => void) | null;
}

type Leaflet = typeof import('leaflet');
interface Drawn {
  L: Leaflet;
  map: import('leaflet').Map;
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
export function RouteMap({ lat, lon, tiles, hover, stretch = null, pickStart = null, onPick = null }: Props) {
  const t = useTranslations('activity.map');
  const startLabel = t('start');
  const finishLabel = t('finish');
  const zoom = useZoomTitles();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>('loading');
  const [tilesFailed, setTilesFailed] = useState(false);
  const drawn = useRef<Drawn | null>(null);

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
      drawn.current = { L, map };
      cleanup = () => {
        drawn.current = null;
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

  useStretchLayer(drawn, state, lat, lon, stretch, pickStart);
  usePicking(drawn, state, lat, lon, onPick);

  return (
    <div
      className={onPick ? 'map picking' : 'map'}
      data-testid="route-map"
      data-state={state}
      data-stretch={stretch ? stretch.join('-') : undefined}
      role="region"
      aria-label={t('label')}
    >
      <div ref={container} style={{ height: '100%' }} />
      {state === 'failed' ? <p className="map-note">{t('failed')}</p> : null}
      {state === 'ready' && (!tiles || tilesFailed) ? <p className="map-note">{tiles ? t('tilesUnavailable') : t('noTiles')}</p> : null}
    </div>
  );
}

/** The chosen stretch drawn over the route, with its ends; a lone picked start as a marker. */
function useStretchLayer(
  drawn: RefObject<Drawn | null>,
  state: MapState,
  lat: (number | null)[],
  lon: (number | null)[],
  stretch: [number, number] | null,
  pickStart: number | null,
) {
  useEffect(() => {
    const current = drawn.current;
    if (state !== 'ready' || !current) return;
    const { L, map } = current;
    const group = L.layerGroup().addTo(map);
    const at = (i: number): [number, number] | null => (lat[i] != null && lon[i] != null ? [lat[i]!, lon[i]!] : null);
    const end = { radius: 6, color: '#fff', weight: 2, fillColor: cssVar('--focus', '#2f6fed'), fillOpacity: 1 };
    if (stretch) {
      const ys: number[] = [];
      const xs: number[] = [];
      for (let i = stretch[0]; i <= stretch[1]; i++) {
        const p = at(i);
        if (!p) continue;
        ys.push(p[0]);
        xs.push(p[1]);
      }
      if (ys.length > 1) {
        const line = simplifyToTarget(xs, ys).map((k) => [ys[k]!, xs[k]!] as [number, number]);
        L.polyline(line, { color: cssVar('--focus', '#2f6fed'), weight: 7, opacity: 0.85, interactive: false }).addTo(group);
        L.circleMarker(line[0]!, end).addTo(group);
        L.circleMarker(line[line.length - 1]!, end).addTo(group);
      }
    }
    const start = pickStart == null ? null : at(pickStart);
    if (start) L.circleMarker(start, { ...end, radius: 8 }).addTo(group);
    return () => {
      group.remove();
    };
  }, [drawn, state, lat, lon, stretch, pickStart]);
}

/** While picking, a click anywhere on the map snaps to the nearest sample of the track. */
function usePicking(drawn: RefObject<Drawn | null>, state: MapState, lat: (number | null)[], lon: (number | null)[], onPick: ((index: number) => void) | null) {
  const latest = useRef(onPick);
  useEffect(() => {
    latest.current = onPick;
  });
  const picking = Boolean(onPick);
  useEffect(() => {
    const current = drawn.current;
    if (state !== 'ready' || !current || !picking) return;
    const { map } = current;
    const click = (event: import('leaflet').LeafletMouseEvent) => {
      const index = nearestSample(lat, lon, event.latlng.lat, event.latlng.lng);
      if (index >= 0) latest.current?.(index);
    };
    map.on('click', click);
    return () => {
      map.off('click', click);
    };
  }, [drawn, state, lat, lon, picking]);
}

/** The index of the sample nearest to a position (an equirectangular distance: the track spans a few km), or -1. */
export function nearestSample(lat: (number | null)[], lon: (number | null)[], y: number, x: number): number {
  const scale = Math.cos((y * Math.PI) / 180) ** 2;
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < lat.length; i++) {
    const [a, o] = [lat[i], lon[i]];
    if (a == null || o == null) continue;
    const d = (a - y) ** 2 + (o - x) ** 2 * scale;
    if (d < bestD) [best, bestD] = [i, d];
  }
  return best;
}
