/**
 * Google's encoded polyline format (precision 5) → flat [lat0, lon0, lat1, lon1, …]; what
 * GET /activities/routes sends (CONTRACT: Beyond the spec … Maps, privacy zones, sharing).
 */
export function decodePolyline(text: string): Float64Array {
  const out: number[] = [];
  let lat = 0;
  let lon = 0;
  let index = 0;
  const next = () => {
    let result = 0;
    let shift = 0;
    let b: number;
    do {
      b = text.charCodeAt(index++) - 63;
      result |= (b & 0x1f) << shift;
      shift += 5;
    } while (b >= 0x20 && index < text.length);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < text.length) {
    lat += next();
    lon += next();
    out.push(lat / 1e5, lon / 1e5);
  }
  return Float64Array.from(out);
}
