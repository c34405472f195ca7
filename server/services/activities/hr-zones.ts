import { hrSecondsByBpm } from '@/server/formats/metrics/hr-histogram';

// Heart-rate zones as fractions of the maximum heart rate (five zones, the common 50–100 % split).
// Zone 1 also takes everything below 60 %, zone 5 everything from 90 % up, so no second is lost.
export const ZONE_FLOORS = [0.5, 0.6, 0.7, 0.8, 0.9] as const;

export interface HrZone {
  zone: number;
  min_bpm: number;
  max_bpm: number | null;
  seconds: number;
}

/** 220 − age at the given day, the usual estimate when the user set no maximum. */
export function estimatedMaxHeartRate(birthdate: string, at: Date): number | null {
  const [y, m, d] = birthdate.split('-').map(Number) as [number, number, number];
  let age = at.getUTCFullYear() - y;
  if (at.getUTCMonth() + 1 < m || (at.getUTCMonth() + 1 === m && at.getUTCDate() < d)) age -= 1;
  return age > 0 && age < 120 ? 220 - age : null;
}

/** Seconds in each zone: each sample's heart rate holds until the next sample. */
export function hrZoneSeconds(time: readonly number[], heartRate: readonly (number | null)[], maxHeartRate: number): HrZone[] {
  return hrZonesFromBpmSeconds(hrSecondsByBpm(time, heartRate), maxHeartRate);
}

/** The zones of a maximum from the seconds spent at each whole bpm (hrSecondsByBpm). */
export function hrZonesFromBpmSeconds(bpmSeconds: readonly (readonly [number, number])[], maxHeartRate: number): HrZone[] {
  const floors = ZONE_FLOORS.map((f) => Math.round(f * maxHeartRate));
  const seconds = [0, 0, 0, 0, 0];
  for (const [bpm, dt] of bpmSeconds) {
    let zone = 0;
    while (zone < 4 && bpm >= floors[zone + 1]!) zone++;
    seconds[zone]! += dt;
  }
  return floors.map((floor, i) => ({ zone: i + 1, min_bpm: floor, max_bpm: i < 4 ? floors[i + 1]! - 1 : null, seconds: Math.round(seconds[i]!) }));
}
