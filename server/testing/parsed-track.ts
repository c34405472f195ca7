import type { ParsedActivity } from '@/server/formats';
import { parsedActivity } from '@/server/formats/test-support/parsed-activity';

/**
 * A parsed activity along the given positions, one point a second: what a parser would hand the
 * pipeline, for tests of routes, privacy zones and public views.
 */
export function parsedTrack(start: string, positions: [number, number][], overrides: Partial<ParsedActivity> = {}): ParsedActivity {
  const n = positions.length;
  return parsedActivity({
    format: 'gpx',
    activityType: 'ride',
    sportRaw: 'cycling',
    startTime: new Date(start),
    timezone: 'Europe/Zurich',
    distance: 1000,
    totalElapsedTime: n,
    totalTimerTime: n,
    movingTime: n,
    startLat: positions[0]?.[0] ?? null,
    startLon: positions[0]?.[1] ?? null,
    streams: n
      ? {
          time: positions.map((_, i) => i),
          lat: positions.map((p) => p[0]),
          lon: positions.map((p) => p[1]),
          heart_rate: positions.map((_, i) => 120 + (i % 30)),
        }
      : { time: [] },
    ...overrides,
  });
}
