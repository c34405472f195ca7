import { haversine } from '../metrics/haversine';
import { maskStreams, type SecretZone } from './privacy-zone-mask';
import { encodePolyline } from './route-polyline';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: a line shown to anyone but its owner
// (a segment on a public activity's page) loses its points inside the owner's privacy zones as a
// track does. A stored line is simplified, so two kept points can lie far apart with a zone between
// them: the line is first made dense (a point at least every STEP_M metres), and what is left is
// cut into the pieces between hidden stretches, never joined across one.

const STEP_M = 5;

const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

/**
 * flat [lat0, lon0, lat1, lon1, …] with points added so that none is more than STEP_M from the
 * next, each rounded to 5 decimals (as encoded: the point masked is the point served).
 */
export function densified(flat: ArrayLike<number>): { lat: number[]; lon: number[] } {
  const lat: number[] = [];
  const lon: number[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const [a, o] = [flat[i]!, flat[i + 1]!];
    if (lat.length) {
      const [pa, po] = [lat[lat.length - 1]!, lon[lon.length - 1]!];
      const steps = Math.ceil(haversine(pa, po, a, o) / STEP_M);
      for (let s = 1; s < steps; s++) {
        lat.push(round5(pa + ((a - pa) * s) / steps));
        lon.push(round5(po + ((o - po) * s) / steps));
      }
    }
    lat.push(round5(a));
    lon.push(round5(o));
  }
  return { lat, lon };
}

/**
 * The pieces of a line (flat pairs) outside the zones, each an encoded polyline (precision 5) of
 * at least two points; `seed` draws the extra cuts (the same on every read).
 */
export function maskedLinePieces(flat: ArrayLike<number>, zones: readonly SecretZone[], seed: number): string[] {
  const { lat, lon } = densified(flat);
  const masked = maskStreams({ lat, lon, index: lat.map((_, i) => i) }, zones, seed);
  const pieces: string[] = [];
  let start = 0;
  const index = masked.index as number[];
  for (let i = 1; i <= index.length; i++) {
    if (i < index.length && index[i] === index[i - 1]! + 1) continue;
    if (i - start >= 2) pieces.push(encodePolyline(masked.lat!.slice(start, i) as number[], masked.lon!.slice(start, i) as number[]));
    start = i;
  }
  return pieces;
}
