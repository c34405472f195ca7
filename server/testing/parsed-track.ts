import type { ParsedActivity } from '@/server/formats';

/**
 * A parsed activity along the given positions, one point a second: what a parser would hand the
 * pipeline, for tests of routes, privacy zones and public views.
 */
export function parsedTrack(start: string, positions: [number, number][], overrides: Partial<ParsedActivity> = {}): ParsedActivity {
  const startTime = new Date(start);
  const n = positions.length;
  return {
    format: 'gpx',
    name: null,
    activityType: 'ride',
    activityTypeSource: 'file',
    sportRaw: 'cycling',
    startTime,
    endTime: new Date(startTime.getTime() + n * 1000),
    timezone: 'Europe/Zurich',
    distance: 1000,
    totalElapsedTime: n,
    totalTimerTime: n,
    movingTime: n,
    elevationGain: null,
    elevationLoss: null,
    averageSpeed: null,
    maxSpeed: null,
    averagePace: null,
    averageHr: null,
    maxHr: null,
    averagePower: null,
    maxPower: null,
    normalizedPower: null,
    averageCadence: null,
    maxCadence: null,
    calories: null,
    deviceManufacturer: null,
    deviceModel: null,
    startLat: positions[0]?.[0] ?? null,
    startLon: positions[0]?.[1] ?? null,
    laps: [],
    streams: n
      ? {
          time: positions.map((_, i) => i),
          lat: positions.map((p) => p[0]),
          lon: positions.map((p) => p[1]),
          heart_rate: positions.map((_, i) => 120 + (i % 30)),
        }
      : { time: [] },
    ...overrides,
  };
}
