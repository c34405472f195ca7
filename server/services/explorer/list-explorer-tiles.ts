import type { Db } from '@/db/client';
import { tileCoordinates, tileOfKey } from '@/server/formats/explorer/track-tiles';
import { parseBbox } from '../routes/parse-bbox';
import type { ExplorerTilesCollection, ExplorerTilesInput } from './schemas';
import { visitedTiles } from './visited-tiles';

/** The most tiles one answer holds: a view wider than this asks at zoom 14 */
const MAX_FEATURES = 50_000;

const lonOf = (x: number, n: number) => (x / n) * 360 - 180;
const latOf = (y: number, n: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;

/** CONTRACT: Explorer, goals, gear components, segments: GET /explorer/tiles?zoom&bbox, the visited tiles meeting the box as GeoJSON squares. */
export async function listExplorerTiles(db: Db, userId: number, input: ExplorerTilesInput): Promise<ExplorerTilesCollection> {
  const box = parseBbox(input.bbox);
  const n = 2 ** input.zoom;
  const [x0, y0] = tileCoordinates(box.maxLat, box.minLon, input.zoom);
  const [x1, y1] = tileCoordinates(box.minLat, box.maxLon, input.zoom);
  const features: ExplorerTilesCollection['features'] = [];
  for (const { key } of await visitedTiles(db, userId, input.zoom)) {
    const [x, y] = tileOfKey(key, input.zoom);
    if (x < Math.floor(x0) || x > Math.floor(x1) || y < Math.floor(y0) || y > Math.floor(y1)) continue;
    if (features.length >= MAX_FEATURES) break;
    const [w, e, north, south] = [lonOf(x, n), lonOf(x + 1, n), latOf(y, n), latOf(y + 1, n)];
    features.push({
      type: 'Feature',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [w, south],
            [e, south],
            [e, north],
            [w, north],
            [w, south],
          ],
        ],
      },
      properties: { x, y, zoom: input.zoom },
    });
  }
  return { type: 'FeatureCollection', features };
}
