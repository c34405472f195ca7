/**
 * Google's encoded polyline format (precision 5) → flat [lat0, lon0, lat1, lon1, …]; what
 * GET /activities/routes sends (CONTRACT: Beyond the spec … Maps, privacy zones, sharing).
 * Each value takes at least one character, so the text's length bounds the output: one typed
 * array, no growing list (the heatmap decodes 10,000 of these at once).
 */
export function decodePolyline(text: string): Float64Array {
  const out = new Float64Array(text.length + (text.length % 2));
  let n = 0;
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
    out[n++] = lat / 1e5;
    out[n++] = lon / 1e5;
  }
  return out.subarray(0, n);
}
