// A route thumbnail drawn from the track alone (no tile server): the GPS points projected
// equirectangularly (longitude scaled by cos(latitude)), fitted into a square with a margin, thinned
// to at most MAX_POINTS, as one SVG polyline.

const SIZE = 100;
const MARGIN = 5;
const MAX_POINTS = 300;

export function routeThumbnailSvg(lat: readonly (number | null)[], lon: readonly (number | null)[]): string | null {
  // The positioned points' indices, then plain loops over them: a 24 h track has 86,400 points and
  // only MAX_POINTS are drawn, so no pair or projected point is built per point.
  const at = new Int32Array(lat.length);
  let count = 0;
  let latSum = 0;
  for (let i = 0; i < lat.length; i++) {
    const la = lat[i];
    const lo = lon[i];
    if (la == null || lo == null || (la === 0 && lo === 0)) continue;
    at[count++] = i;
    latSum += la;
  }
  if (count < 2) return null;
  const midLat = (latSum / count) * (Math.PI / 180);
  const cos = Math.cos(midLat);
  const x = (k: number) => (lon[at[k]!] as number) * cos;
  const y = (k: number) => -(lat[at[k]!] as number);
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let k = 0; k < count; k++) {
    minX = Math.min(minX, x(k));
    minY = Math.min(minY, y(k));
    maxX = Math.max(maxX, x(k));
    maxY = Math.max(maxY, y(k));
  }
  const span = Math.max(maxX - minX, maxY - minY) || 1e-9;
  const scale = (SIZE - 2 * MARGIN) / span;
  const offX = (SIZE - (maxX - minX) * scale) / 2;
  const offY = (SIZE - (maxY - minY) * scale) / 2;
  const fmt = (k: number) => `${((x(k) - minX) * scale + offX).toFixed(1)},${((y(k) - minY) * scale + offY).toFixed(1)}`;
  const step = Math.max(1, Math.ceil(count / MAX_POINTS));
  const coords: string[] = [];
  for (let k = 0; k < count; k += step) coords.push(fmt(k));
  if ((count - 1) % step) coords.push(fmt(count - 1));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">` +
    `<polyline fill="none" stroke="#fc4c02" stroke-width="2" stroke-linejoin="round" stroke-linecap="round" points="${coords.join(' ')}"/>` +
    '</svg>'
  );
}
