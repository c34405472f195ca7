'use client';
import { useTranslations } from 'next-intl';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import type { MapTiles } from '@/server/map-tiles';
import { useZoomTitles } from '../../../_lib/map-zoom';

interface Zone {
  id?: number;
  lat: number;
  lon: number;
  radius: number;
}

/** A map of the zones; a click picks the centre of the next one (its fields can be typed as well). */
export function PrivacyZonePicker({
  tiles,
  zones,
  draft,
  onPick,
}: {
  tiles: MapTiles | null;
  zones: Zone[];
  draft: Zone | null;
  onPick: (lat: number, lon: number) => void;
}) {
  const t = useTranslations('settings.privacy');
  const zoom = useZoomTitles();
  const container = useRef<HTMLDivElement>(null);
  const view = useRef<{ map: import('leaflet').Map; layer: import('leaflet').LayerGroup; L: typeof import('leaflet') } | null>(null);
  const pick = useRef(onPick);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);

  useEffect(() => {
    let disposed = false;
    void (async () => {
      const L = (await import('leaflet')).default;
      if (disposed || !container.current) return;
      const map = L.map(container.current, { attributionControl: Boolean(tiles), keyboard: true, zoomControl: false }).setView([20, 0], 2);
      L.control.zoom(zoom).addTo(map);
      if (tiles) L.tileLayer(tiles.url, { maxZoom: 19, attribution: tiles.attribution }).addTo(map);
      map.on('click', (e) => pick.current(Math.round(e.latlng.lat * 1e6) / 1e6, Math.round(L.Util.wrapNum(e.latlng.lng, [-180, 180], true) * 1e6) / 1e6));
      view.current = { map, layer: L.layerGroup().addTo(map), L };
      container.current.dataset.state = 'ready';
      setReady(true);
    })();
    return () => {
      disposed = true;
      view.current?.map.remove();
      view.current = null;
    };
  }, [tiles, zoom]);

  useEffect(() => {
    const v = view.current;
    if (!v || !ready) return;
    v.layer.clearLayers();
    const circles = zones.map((z) => v.L.circle([z.lat, z.lon], { radius: z.radius, color: '#c23f19' }).addTo(v.layer));
    if (draft) circles.push(v.L.circle([draft.lat, draft.lon], { radius: draft.radius, color: '#2f6fed', dashArray: '4 4' }).addTo(v.layer));
    if (circles.length && !draft) v.map.fitBounds(v.L.featureGroup(circles).getBounds(), { maxZoom: 15, padding: [20, 20] });
  }, [zones, draft, ready]);

  return (
    <div className="map" role="region" aria-label={t('map')}>
      <div ref={container} data-testid="privacy-zone-map" style={{ height: '100%' }} />
    </div>
  );
}
