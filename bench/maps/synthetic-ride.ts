import type { Db } from '../../db/client';
import { activities, activityRoutes } from '../../db/schema';
import { ROUTE_POLYLINE_VERSION, routePolyline } from '../../server/formats/route/route-polyline';

/**
 * A one-hour ride (1 Hz, 3,600 points) near a place chosen by the seed: heading changing slowly,
 * ~8 m/s, ~1 m of GPS noise, coordinates with 7 decimals as stored. Deterministic per seed.
 */
export function syntheticRide(seed: number): [number[], number[]] {
  let s = seed * 9301 + 49297;
  const rand = () => ((s = (s * 9301 + 49297) % 233280) / 233280) * 2 - 1;
  const lat: number[] = [];
  const lon: number[] = [];
  let a = 47 + (seed % 20) * 0.05;
  let o = 8 + Math.floor(seed / 20) * 0.05;
  let heading = rand() * Math.PI;
  for (let i = 0; i < 3600; i++) {
    heading += rand() * 0.08 + (i % 600 < 20 ? 0.07 : 0);
    a += (Math.cos(heading) * 8) / 111_320 + rand() / 111_320;
    o += (Math.sin(heading) * 8) / (111_320 * Math.cos((a * Math.PI) / 180)) + rand() / 111_320;
    lat.push(Math.round(a * 1e7) / 1e7);
    lon.push(Math.round(o * 1e7) / 1e7);
  }
  return [lat, lon];
}

/**
 * Stores `count` one-hour rides of the user, six hours apart from 2020-01-01, each with its route
 * (200 distinct synthetic tracks, simplified as at ingest), in batches of 1,000.
 */
export async function storeSyntheticRides(db: Db, userId: number, count: number): Promise<void> {
  const routes = Array.from({ length: 200 }, (_, i) => routePolyline(...syntheticRide(i + 1))!);
  const start = Date.parse('2020-01-01T07:00:00Z');
  for (let from = 0; from < count; from += 1000) {
    const rows = await db
      .insert(activities)
      .values(
        Array.from({ length: Math.min(1000, count - from) }, (_, k) => {
          const t = new Date(start + (from + k) * 6 * 3600_000);
          const name = `Ride ${from + k}`;
          return {
            userId,
            name,
            activityType: 'ride',
            startTime: t,
            endTime: new Date(t.getTime() + 3600_000),
            totalElapsedTime: 3600,
            source: 'upload' as const,
            hasStreams: true,
          };
        }),
      )
      .returning({ id: activities.id });
    await db.insert(activityRoutes).values(rows.map((r, k) => ({ activityId: r.id, version: ROUTE_POLYLINE_VERSION, ...routes[(from + k) % routes.length]! })));
  }
}
