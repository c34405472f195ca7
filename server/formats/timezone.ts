import tzLookup from '@photostructure/tz-lookup';

/** IANA zone at a position; null when the lookup refuses it (it throws on out-of-range input). */
export function timezoneAt(position: { lat: number; lon: number } | null): string | null {
  if (!position) return null;
  try {
    return tzLookup(position.lat, position.lon);
  } catch {
    return null;
  }
}
