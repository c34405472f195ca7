import type { Map as LeafletMap } from 'leaflet';

// The heatmap's drawing: every route on one canvas over the map, with additive blending
// ('lighter'), so where routes overlap the colour builds up. Redrawn after each pan or zoom.

export interface DecodedRoute {
  id: number;
  /** [lat0, lon0, lat1, lon1, …] */
  points: Float64Array;
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

export function decodedRoute(id: number, points: Float64Array): DecodedRoute {
  let [minLat, minLon, maxLat, maxLon] = [90, 180, -90, -180];
  for (let i = 0; i < points.length; i += 2) {
    minLat = Math.min(minLat, points[i]!);
    maxLat = Math.max(maxLat, points[i]!);
    minLon = Math.min(minLon, points[i + 1]!);
    maxLon = Math.max(maxLon, points[i + 1]!);
  }
  return { id, points, minLat, minLon, maxLat, maxLon };
}

function visible(route: DecodedRoute, map: LeafletMap, pad: number): boolean {
  const b = map.getBounds();
  return route.maxLat >= b.getSouth() - pad && route.minLat <= b.getNorth() + pad && route.maxLon >= b.getWest() - pad && route.minLon <= b.getEast() + pad;
}

export function drawRoutes(canvas: HTMLCanvasElement, map: LeafletMap, routes: readonly DecodedRoute[], colour: string): void {
  const size = map.getSize();
  const ratio = window.devicePixelRatio || 1;
  canvas.width = size.x * ratio;
  canvas.height = size.y * ratio;
  canvas.style.width = `${size.x}px`;
  canvas.style.height = `${size.y}px`;
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, size.x, size.y);
  ctx.globalCompositeOperation = 'lighter';
  ctx.strokeStyle = colour;
  ctx.globalAlpha = 0.35;
  ctx.lineWidth = 2;
  ctx.lineJoin = 'round';
  for (const route of routes) {
    if (!visible(route, map, 0)) continue;
    ctx.beginPath();
    for (let i = 0; i < route.points.length; i += 2) {
      const p = map.latLngToContainerPoint([route.points[i]!, route.points[i + 1]!]);
      if (i === 0) ctx.moveTo(p.x, p.y);
      else ctx.lineTo(p.x, p.y);
    }
    ctx.stroke();
  }
}

function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** The route drawn nearest to a point of the map (container pixels), within `within` pixels; null if none. */
export function routeAt(map: LeafletMap, routes: readonly DecodedRoute[], x: number, y: number, within = 8): number | null {
  let best: { id: number; d: number } | null = null;
  for (const route of routes) {
    if (!visible(route, map, 0)) continue;
    let prev = map.latLngToContainerPoint([route.points[0]!, route.points[1]!]);
    for (let i = 2; i < route.points.length; i += 2) {
      const p = map.latLngToContainerPoint([route.points[i]!, route.points[i + 1]!]);
      const d = distanceToSegment(x, y, prev.x, prev.y, p.x, p.y);
      if (d <= within && (!best || d < best.d)) best = { id: route.id, d };
      prev = p;
    }
  }
  return best?.id ?? null;
}
