import { createHmac } from 'node:crypto';
import { EARTH_RADIUS_M, haversine } from '../metrics/haversine';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: in every view of an activity by anyone
// but its owner, points inside any of the owner's zones are removed from every stream (so the
// streams stay aligned) and `start_lat`/`start_lon` are null when the start lies in one.
//
// Issue 49 case 3: removing exactly the points of a circle left the kept ends of every activity on
// its edge (three runs gave the centre to 0.0 m), and `distance[0]`/`time[0]` said how much was
// hidden. So each zone hides more than its circle, drawn from the zone's secret (never shown):
// - a hidden disc whose centre is moved from the zone's by 0.5–1 radius in a secret direction, its
//   radius grown by that offset (the zone's circle lies inside it);
// - each cut of an activity ends a further 0–½ radius along the track, drawn per activity and cut,
//   the same on every read (so reading again tells nothing new);
// - distance and time start afresh at the first kept point.

export interface Circle {
  lat: number;
  lon: number;
  /** metres */
  radius: number;
}

/** A privacy zone as the masking needs it: its circle and its secret (never returned by any API). */
export interface SecretZone extends Circle {
  secret: string;
}

/** Uniform in [0, 1), from the zone's secret and a label: the same on every call. */
function draw(secret: string, label: string): number {
  return createHmac('sha256', secret).update(label).digest().readUInt32BE(0) / 2 ** 32;
}

const RAD = Math.PI / 180;

/** The hidden disc of a zone: centre offset by 0.5–1 radius in a secret direction, radius grown by the offset. */
export function hiddenDisc(zone: SecretZone): Circle {
  const offset = zone.radius * (0.5 + 0.5 * draw(zone.secret, 'offset'));
  const bearing = 2 * Math.PI * draw(zone.secret, 'bearing');
  const d = offset / EARTH_RADIUS_M;
  const [φ1, λ1] = [zone.lat * RAD, zone.lon * RAD];
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(bearing));
  const λ2 = λ1 + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return { lat: φ2 / RAD, lon: ((λ2 / RAD + 540) % 360) - 180, radius: zone.radius + offset };
}

/** The longest extra cut along the track past a zone's hidden disc. */
const maxExtra = (zone: SecretZone) => zone.radius / 2;

function zoneAt(lat: number | null | undefined, lon: number | null | undefined, discs: readonly Circle[]): number {
  if (lat == null || lon == null) return -1;
  return discs.findIndex((z) => haversine(z.lat, z.lon, lat, lon) <= z.radius);
}

export function insideAnyZone(lat: number | null | undefined, lon: number | null | undefined, zones: readonly Circle[]): boolean {
  return zoneAt(lat, lon, zones) >= 0;
}

/**
 * Whether a start must be hidden: inside a hidden disc grown by the longest extra cut, so that
 * `start_lat`/`start_lon` never show a point the streams hide.
 */
export function startHidden(lat: number | null | undefined, lon: number | null | undefined, zones: readonly SecretZone[]): boolean {
  const grown = zones.map((z) => {
    const disc = hiddenDisc(z);
    return { ...disc, radius: disc.radius + maxExtra(z) };
  });
  return insideAnyZone(lat, lon, grown);
}

/** Marks the points `from`, `from + step`, … up to `extra` metres along the track from the cut. */
function extendCut(hide: boolean[], lat: (number | null)[], lon: (number | null)[], from: number, step: 1 | -1, extra: number) {
  let last = from - step;
  let travelled = 0;
  for (let i = from; i >= 0 && i < hide.length && !hide[i]; i += step) {
    const [a, b] = [lat[i], lon[i]];
    if (a != null && b != null) {
      const [pa, pb] = [lat[last], lon[last]];
      if (pa != null && pb != null) travelled += haversine(pa, pb, a, b);
      if (travelled > extra) return;
      last = i;
    }
    hide[i] = true;
  }
}

/** The first non-null value of a stream is subtracted from every value: the stream starts afresh at 0. */
function startAfresh(values: (number | null)[] | undefined): (number | null)[] | undefined {
  const first = values?.find((v) => v != null);
  return first == null || first === 0 ? values : values!.map((v) => (v == null ? v : v - first));
}

/**
 * The streams as anyone but the owner sees them: the points of every hidden disc removed, each cut
 * extended by its secret extra distance along the track, and `distance`/`time` starting afresh at
 * the first kept point. Points without a position go with their neighbours: hidden when the
 * positioned points on both sides of them (or the only side there is) are hidden.
 */
export function maskStreams<S extends Partial<Record<string, (number | null)[]>>>(streams: S, zones: readonly SecretZone[], activityId: number): S {
  const { lat, lon } = streams as { lat?: (number | null)[]; lon?: (number | null)[] };
  if (!zones.length || !lat || !lon) return streams;
  const discs = zones.map(hiddenDisc);
  const inZone = lat.map((a, i) => zoneAt(a, lon[i], discs));
  const hide = inZone.map((z) => z >= 0);
  if (!hide.some(Boolean)) return streams;
  // each run of hidden points: its two ends cut further, by draws of the zone that hid that end
  let cut = 0;
  for (let i = 0; i < hide.length; i += 1) {
    if (inZone[i]! < 0 || (i > 0 && inZone[i - 1]! >= 0)) continue;
    let end = i;
    while (end + 1 < hide.length && inZone[end + 1]! >= 0) end += 1;
    const [first, last] = [zones[inZone[i]!]!, zones[inZone[end]!]!];
    extendCut(hide, lat, lon, i - 1, -1, maxExtra(first) * draw(first.secret, `${activityId}:${cut}:before`));
    extendCut(hide, lat, lon, end + 1, 1, maxExtra(last) * draw(last.secret, `${activityId}:${cut}:after`));
    cut += 1;
    i = end;
  }
  // points without a position follow the positioned points around them
  const positioned = (i: number) => lat[i] != null && lon[i] != null;
  const before: (boolean | null)[] = [];
  let previous: boolean | null = null;
  for (let i = 0; i < hide.length; i += 1) {
    before[i] = previous;
    if (positioned(i)) previous = hide[i]!;
  }
  let next: boolean | null = null;
  for (let i = hide.length - 1; i >= 0; i -= 1) {
    if (positioned(i)) {
      next = hide[i]!;
      continue;
    }
    hide[i] = (before[i] ?? next ?? false) && (next ?? before[i] ?? false);
  }
  const masked: Partial<Record<string, (number | null)[]>> = {};
  for (const [name, values] of Object.entries(streams)) masked[name] = values?.filter((_, i) => !hide[i]);
  if (masked.distance) masked.distance = startAfresh(masked.distance);
  if (masked.time) masked.time = startAfresh(masked.time);
  return masked as S;
}
