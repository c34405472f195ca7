// A route thumbnail drawn from the track alone (no tile server): the GPS points projected
// equirectangularly (longitude scaled by cos(latitude)), fitted into a square with a margin, thinned
// to at most MAX_POINTS, as one SVG polyline.

const SIZE = 100;
const MARGIN = 5;
const MAX_POINTS = 300;

export function routeThumbnailSvg(lat: readonly (number | null)[], lon: readonly (number | null)[]): string | null {
  const points: [number, number][] = [];
  for (let i = 0; i < lat.length; i++) {
    const la = lat[i];
    const lo = lon[i];
    if (la == null || lo == null || (la === 0 && lo === 0)) continue;
    points.push([la, lo]);
  }
  if (points.length < 2) return null;
  const midLat = (points.reduce((s, p) => s + p[0], 0) / points.length) * (Math.PI / 180);
  const xy = points.map(([la, lo]) => [lo * Math.cos(midLat), -la] as const);
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of xy) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  const span = Math.max(maxX - minX, maxY - minY) || 1e-9;
  const scale = (SIZE - 2 * MARGIN) / span;
  const offX = (SIZE - (maxX - minX) * scale) / 2;
  const offY = (SIZE - (maxY - minY) * scale) / 2;
  const step = Math.max(1, Math.ceil(xy.length / MAX_POINTS));
  const coords: string[] = [];
  for (let i = 0; i < xy.length; i += step) coords.push(fmt(xy[i]!, minX, minY, scale, offX, offY));
  if ((xy.length - 1) % step) coords.push(fmt(xy[xy.length - 1]!, minX, minY, scale, offX, offY));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">` +
    `<polyline fill="none" stroke="#fc4c02" stroke-width="2" stroke-linejoin="round" stroke-linecap="round" points="${coords.join(' ')}"/>` +
    '</svg>'
  );
}

function fmt(p: readonly [number, number], minX: number, minY: number, scale: number, offX: number, offY: number): string {
  return `${((p[0] - minX) * scale + offX).toFixed(1)},${((p[1] - minY) * scale + offY).toFixed(1)}`;
}
