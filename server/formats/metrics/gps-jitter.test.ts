import { describe, expect, it } from 'vitest';
import { parseActivityFile } from '../index';
import { gpxOfPoints } from '../test-support/thin-gpx';
import { GPS_JITTER_M } from './haversine';

// docs/decisions.md "Distance from satellite positions holds GPS jitter": a phone standing still
// scatters its fixes around it; only a move of GPS_JITTER_M from the last counted fix counts.

const START = Date.UTC(2026, 5, 1, 7, 0, 0);
const M_PER_DEG_LAT = 111_195; // on the 6,371,008.8 m sphere
const north = (lat0: number, metres: number) => lat0 + metres / M_PER_DEG_LAT;

/** A deterministic scatter of up to `radius` metres around a point, like a standing phone's fixes. */
function scatter(i: number, radius: number): number {
  return radius * Math.sin(i * 2.399963); // golden-angle steps: no two alike, all within ±radius
}

async function distanceOf(points: { lat: number; lon: number; time: Date }[]): Promise<number> {
  const [activity] = await parseActivityFile(Buffer.from(gpxOfPoints('walking', points)), 'walk.gpx');
  return activity!.distance!;
}

describe('distance from positions', () => {
  it('counts a walk north and not the scatter of a 5-minute stand in the middle of it', async () => {
    const points: { lat: number; lon: number; time: Date }[] = [];
    let t = 0;
    for (let m = 0; m <= 500; m += 1.5, t++) points.push({ lat: north(45, m), lon: 7, time: new Date(START + t * 1000) });
    const stand = north(45, 500);
    for (let i = 1; i <= 300; i++, t++) points.push({ lat: north(stand, scatter(i, 0.9)), lon: 7, time: new Date(START + t * 1000) });
    for (let m = 501.5; m <= 1000; m += 1.5, t++) points.push({ lat: north(45, m), lon: 7, time: new Date(START + t * 1000) });
    // the scatter alone, summed point to point, is about 300 steps of up to 1.8 m: hundreds of metres
    let scatterSum = 0;
    for (let i = 2; i <= 300; i++) scatterSum += Math.abs(scatter(i, 0.9) - scatter(i - 1, 0.9));
    expect(scatterSum).toBeGreaterThan(150);
    const distance = await distanceOf(points);
    expect(Math.abs(distance - 1000)).toBeLessThan(2 * GPS_JITTER_M);
  });

  it("adds up a slow walker's 1 m steps: a hold delays a step, it never drops the way travelled", async () => {
    const points = Array.from({ length: 601 }, (_, i) => ({ lat: north(45, i), lon: 7, time: new Date(START + i * 1000) }));
    const distance = await distanceOf(points);
    expect(Math.abs(distance - 600)).toBeLessThan(GPS_JITTER_M);
  });
});
