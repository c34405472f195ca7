'use client';
import 'leaflet/dist/leaflet.css';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { decodePolyline } from '@/server/formats/route/decode-polyline';
import type { MapTiles } from '@/server/map-tiles';
import type { SegmentResponse } from '@/server/services/segments/schemas';
import { useZoomTitles } from '../../../_lib/map-zoom';

/**
 * CONTRACT: Explorer, goals, gear components, segments: the segments page's map, every segment's
 * line over the configured tiles, each named on hover and leading to its page. The table beside it
 * is the keyboard's and the screen reader's way to the same segments.
 */
export function SegmentsMap({ segments, tiles, onOpen }: { segments: SegmentResponse[]; tiles: MapTiles | null; onOpen: (id: number) => void }) {
  const t = useTranslations('segments');
  const zoom = useZoomTitles();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let disposed = false;
    let cleanup = () => {};
    (async () => {
      const L = (await import('leaflet')).default;
      if (disposed || !container.current) return;
      const map = L.map(container.current, { preferCanvas: true, attributionControl: Boolean(tiles), zoomSnap: 0.25, keyboard: true, zoomControl: false });
      L.control.zoom(zoom).addTo(map);
      if (tiles) L.tileLayer(tiles.url, { maxZoom: 19, attribution: tiles.attribution }).addTo(map);
      const accent = getComputedStyle(document.documentElement).getPropertyValue('--accent').trim() || '#c23f19';
      const group = L.featureGroup().addTo(map);
      for (const s of segments) {
        const flat = decodePolyline(s.polyline);
        const line = Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i]!, flat[2 * i + 1]!] as [number, number]);
        L.polyline(line, { color: accent, weight: 4, opacity: 0.9 })
          .bindTooltip(s.name)
          .on('click', () => onOpen(s.id))
          .addTo(group);
      }
      map.fitBounds(group.getBounds(), { padding: [18, 18] });
      cleanup = () => map.remove();
      if (disposed) cleanup();
      else setState('ready');
    })().catch(() => !disposed && setState('failed'));
    return () => {
      disposed = true;
      cleanup();
    };
  }, [segments, tiles, zoom, onOpen]);
  return (
    <div className="map" data-testid="segments-map" data-state={state} role="region" aria-label={t('listMap')}>
      <div ref={container} style={{ height: '100%' }} />
    </div>
  );
}
