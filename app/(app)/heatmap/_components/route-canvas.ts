import type { Map as LeafletMap } from 'leaflet';

// The heatmap's drawing: every route on one canvas over the map, with additive blending
// ('lighter'), so where routes overlap the colour builds up. Redrawn after each pan or zoom.
// Points are kept in spherical-Mercator units (longitude, ln tan(π/4 + φ/2)), in which Leaflet's
// map is linear: a redraw maps them to pixels with one multiply-add per coordinate instead of a
// projection call per point (10,000 routes are millions of points).

export interface DecodedRoute {
  id: number;
  /** [lon0, mercY0, lon1, mercY1, …] */
  xy: Float64Array;
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

const RAD = Math.PI / 180;
const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (Math.max(-85, Math.min(85, lat)) * RAD) / 2));

/** From decodePolyline's [lat, lon, …]. */
export function decodedRoute(id: number, points: Float64Array): DecodedRoute {
  let [minLat, minLon, maxLat, maxLon] = [90, 180, -90, -180];
  const xy = new Float64Array(points.length);
  for (let i = 0; i < points.length; i += 2) {
    const lat = points[i]!;
    const lon = points[i + 1]!;
    if (lat < minLat) minLat = lat;
    if (lat > maxLat) maxLat = lat;
    if (lon < minLon) minLon = lon;
    if (lon > maxLon) maxLon = lon;
    xy[i] = lon;
    xy[i + 1] = mercatorY(lat);
  }
  return { id, xy, minLat, minLon, maxLat, maxLon };
}

interface View {
  ax: number;
  bx: number;
  ay: number;
  by: number;
  south: number;
  north: number;
  west: number;
  east: number;
}

/** The linear map from Mercator units to container pixels of the map's current view. */
function viewOf(map: LeafletMap): View {
  const b = map.getBounds();
  const [sw, ne] = [b.getSouthWest(), b.getNorthEast()];
  const p0 = map.latLngToContainerPoint(sw);
  const p1 = map.latLngToContainerPoint(ne);
  const ax = (p1.x - p0.x) / (ne.lng - sw.lng || 1e-12);
  const ay = (p1.y - p0.y) / (mercatorY(ne.lat) - mercatorY(sw.lat) || 1e-12);
  return { ax, bx: p0.x - ax * sw.lng, ay, by: p0.y - ay * mercatorY(sw.lat), south: sw.lat, north: ne.lat, west: sw.lng, east: ne.lng };
}

const inView = (r: DecodedRoute, v: View) => r.maxLat >= v.south && r.minLat <= v.north && r.maxLon >= v.west && r.minLon <= v.east;

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
  const v = viewOf(map);
  for (const route of routes) {
    if (!inView(route, v)) continue;
    const xy = route.xy;
    ctx.beginPath();
    ctx.moveTo(v.ax * xy[0]! + v.bx, v.ay * xy[1]! + v.by);
    for (let i = 2; i < xy.length; i += 2) ctx.lineTo(v.ax * xy[i]! + v.bx, v.ay * xy[i + 1]! + v.by);
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
  const v = viewOf(map);
  let best: { id: number; d: number } | null = null;
  for (const route of routes) {
    if (!inView(route, v)) continue;
    const xy = route.xy;
    for (let i = 2; i < xy.length; i += 2) {
      const d = distanceToSegment(x, y, v.ax * xy[i - 2]! + v.bx, v.ay * xy[i - 1]! + v.by, v.ax * xy[i]! + v.bx, v.ay * xy[i + 1]! + v.by);
      if (d <= within && (!best || d < best.d)) best = { id: route.id, d };
    }
  }
  return best?.id ?? null;
}
