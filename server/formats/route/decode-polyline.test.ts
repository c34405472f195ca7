import { expect, it } from 'vitest';
import { decodePolyline } from './decode-polyline';
import { encodePolyline } from './route-polyline';
// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: Google's encoded polyline format, precision 5
it('decodes what the server encodes, and the example in the format documentation', () => {
  const lat = [47.12345, 47.2, -33.5, 0.00001];
  const lon = [8.1, -122.4194, 151.2, 179.99999];
  const d = Array.from(decodePolyline(encodePolyline(lat, lon)));
  expect(d).toEqual(lat.flatMap((a, i) => [a, lon[i]]));
  expect(Array.from(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@'))).toEqual([38.5, -120.2, 40.7, -120.95, 43.252, -126.453]);
});
