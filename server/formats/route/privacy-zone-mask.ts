import { haversine } from '../metrics/haversine';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: in every view of an activity by anyone
// but its owner, points inside any of the owner's zones are removed from every stream (so the
// streams stay aligned) and `start_lat`/`start_lon` are null when the start lies in one.

export interface Circle {
  lat: number;
  lon: number;
  /** metres */
  radius: number;
}

export function insideAnyZone(lat: number | null | undefined, lon: number | null | undefined, zones: readonly Circle[]): boolean {
  if (lat == null || lon == null) return false;
  return zones.some((z) => haversine(z.lat, z.lon, lat, lon) <= z.radius);
}

/** The streams without the points whose position lies in a zone; points without a position stay. */
export function maskStreams<S extends Partial<Record<string, (number | null)[]>>>(streams: S, zones: readonly Circle[]): S {
  const { lat, lon } = streams as { lat?: (number | null)[]; lon?: (number | null)[] };
  if (!zones.length || !lat || !lon) return streams;
  const keep = lat.map((a, i) => !insideAnyZone(a, lon[i], zones));
  if (keep.every(Boolean)) return streams;
  const masked: Partial<Record<string, (number | null)[]>> = {};
  for (const [name, values] of Object.entries(streams)) masked[name] = values?.filter((_, i) => keep[i]);
  return masked as S;
}
