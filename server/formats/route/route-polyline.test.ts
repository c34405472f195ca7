import { describe, expect, it } from 'vitest';
import { parseActivityFile } from '../index';
import { readCorpusFile } from '../test-support/corpus';
import { routePolyline } from './route-polyline';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: the polyline decodes (Google's format,
// precision 5) to points within 5 m of the recorded track, plus the encoding's rounding, with both
// ends kept. Checked with a decoder and a distance written here from the definitions alone.

const R = 6_371_000;
const RAD = Math.PI / 180;

/** Google's decoding algorithm, as its documentation describes it. */
function decode(text: string): [number, number][] {
  const values: number[] = [];
  let shift = 0;
  let result = 0;
  for (const ch of text) {
    const b = ch.charCodeAt(0) - 63;
    result |= (b & 0x1f) << shift;
    shift += 5;
    if (b < 0x20) {
      values.push(result & 1 ? ~(result >> 1) : result >> 1);
      shift = 0;
      result = 0;
    }
  }
  const points: [number, number][] = [];
  let lat = 0;
  let lon = 0;
  for (let i = 0; i < values.length; i += 2) {
    lat += values[i]!;
    lon += values[i + 1]!;
    points.push([lat / 1e5, lon / 1e5]);
  }
  return points;
}

function haversineM(a: [number, number], b: [number, number]): number {
  const h = Math.sin(((b[0] - a[0]) * RAD) / 2) ** 2 + Math.cos(a[0] * RAD) * Math.cos(b[0] * RAD) * Math.sin(((b[1] - a[1]) * RAD) / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

function bearing(a: [number, number], b: [number, number]): number {
  const [f1, f2, dl] = [a[0] * RAD, b[0] * RAD, (b[1] - a[1]) * RAD];
  return Math.atan2(Math.sin(dl) * Math.cos(f2), Math.cos(f1) * Math.sin(f2) - Math.sin(f1) * Math.cos(f2) * Math.cos(dl));
}

/** Distance from p to the great-circle arc a–b: cross-track distance, or the nearer end past either end. */
function distanceToSegment(p: [number, number], a: [number, number], b: [number, number]): number {
  const d13 = haversineM(a, p) / R;
  const d12 = haversineM(a, b) / R;
  if (d12 === 0) return d13 * R;
  const delta = bearing(a, p) - bearing(a, b);
  const xt = Math.asin(Math.sin(d13) * Math.sin(delta));
  const along = Math.acos(Math.min(1, Math.cos(d13) / Math.cos(xt))) * Math.sign(Math.cos(delta));
  if (along <= 0) return d13 * R;
  if (along >= d12) return haversineM(b, p);
  return Math.abs(xt) * R;
}

/** Half a unit of the 5th decimal in both coordinates, in metres: the most rounding can move a point. */
const ROUNDING_M = Math.hypot(0.5e-5 * 111_320, 0.5e-5 * 111_320);

function expectWithinTrack(track: [number, number][], line: [number, number][]): void {
  expect(haversineM(line[0]!, track[0]!)).toBeLessThanOrEqual(ROUNDING_M);
  expect(haversineM(line[line.length - 1]!, track[track.length - 1]!)).toBeLessThanOrEqual(ROUNDING_M);
  // Each vertex is a recorded point (rounded): walking the track, every point lies between the
  // vertices it was simplified away between, so near that segment; its neighbours count too (a
  // point of a stop may come close to the next vertex before reaching it).
  let segment = 0;
  let worst = 0;
  for (let i = 0; i < track.length; i++) {
    const p = track[i]!;
    if (segment + 1 < line.length - 1 && haversineM(p, line[segment + 1]!) <= ROUNDING_M) {
      segment++;
      continue;
    }
    let nearest = Infinity;
    for (let k = Math.max(0, segment - 2); k <= Math.min(line.length - 2, segment + 2); k++)
      nearest = Math.min(nearest, distanceToSegment(p, line[k]!, line[k + 1]!));
    worst = Math.max(worst, nearest);
  }
  expect(worst).toBeLessThanOrEqual(5 + ROUNDING_M);
}

async function recordedTracks(file: string): Promise<{ track: [number, number][]; lat: (number | null)[]; lon: (number | null)[] }[]> {
  const parsed = await parseActivityFile(readCorpusFile(file), file.split('/').pop()!);
  return parsed
    .filter((a) => a.streams.lat && a.streams.lon)
    .map((a) => {
      const lat = a.streams.lat!;
      const lon = a.streams.lon!;
      const track = lat.flatMap((v, i) => (v != null && lon[i] != null && !(v === 0 && lon[i] === 0) ? [[v, lon[i]!] as [number, number]] : []));
      return { track, lat, lon };
    })
    .filter((t) => t.track.length >= 2);
}

describe('route polyline (CONTRACT: Beyond the spec … Maps, privacy zones, sharing)', () => {
  for (const file of [
    'fit/garmin_edge500_ride_3h31.fit',
    'fit/garmin_fenix5x_ironman_multisport_14h.fit',
    'fit/garmin_fenix2_hike_uphill.fit',
    'gpx/strava_export_run_hr_cad_temp.gpx',
    'gpx/garmin_handheld_8_tracks_with_gaps.gpx',
  ]) {
    it(`${file}: decodes to points within 5 m of the recorded track, both ends kept, far fewer points`, async () => {
      const tracks = await recordedTracks(file).catch(() => null);
      if (tracks === null) return expect.fail(`${file} did not parse`);
      expect(tracks.length).toBeGreaterThan(0);
      for (const { track, lat, lon } of tracks) {
        const route = routePolyline(lat, lon)!;
        const line = decode(route.polyline);
        expectWithinTrack(track, line);
        expect(line.length).toBeLessThan(track.length);
        expect(route.minLat).toBe(Math.min(...track.map((p) => p[0])));
        expect(route.maxLon).toBe(Math.max(...track.map((p) => p[1])));
      }
    });
  }

  it('a track that turns back keeps its far end; gaps and (0, 0) fixes are skipped', () => {
    const lat = [null, 47, 47.001, 47.002, 47.001, 0, 47.0005, null];
    const lon = [null, 8, 8, 8, 8, 0, 8, null];
    const line = decode(routePolyline(lat, lon)!.polyline);
    expect(line).toEqual([
      [47, 8],
      [47.002, 8],
      [47.0005, 8],
    ]);
  });

  it('fewer than two positions: no route', () => {
    expect(routePolyline([null, 47], [8, 8])).toBeNull();
    expect(routePolyline([], [])).toBeNull();
  });
});
