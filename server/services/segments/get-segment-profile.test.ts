import { describe, expect, it } from 'vitest';
import { passProfile, PROFILE_POINTS, sourceStretch } from './get-segment-profile';

// CONTRACT: Explorer, goals, gear components, segments: the profile of one pass, reduced for drawing.

describe('passProfile', () => {
  it('keeps the true lowest and highest sample when it reduces a long pass', () => {
    const n = 20_000;
    const altitude = Array.from({ length: n }, (_, i) => 100 + 20 * Math.sin(i / 500));
    altitude[7_777] = 42.04;
    altitude[12_345] = 180.06;
    const distance = Array.from({ length: n }, (_, i) => 1000 + i * 3);
    const profile = passProfile({ altitude, distance, lat: null, lon: null }, 0, n - 1)!;
    expect(profile.distance.length).toBeLessThanOrEqual(PROFILE_POINTS + 3);
    expect([profile.min_altitude, profile.max_altitude]).toEqual([42, 180.1]);
    expect(profile.altitude).toContain(42);
    expect(profile.altitude).toContain(180.1);
    expect([profile.distance[0], profile.distance.at(-1)]).toEqual([0, (n - 1) * 3]);
  });

  it('sums the positions without a distance stream, skips samples without altitude, and needs two', () => {
    const lat = [45, 45.001, 45.002, 45.003];
    const lon = [7, 7, 7, 7];
    const profile = passProfile({ altitude: [10, null, 12, 13], distance: null, lat, lon }, 0, 3)!;
    expect(profile.altitude).toEqual([10, 12, 13]);
    expect(profile.distance[1]).toBeCloseTo(222.4, 0);
    expect(passProfile({ altitude: [10, null, null, null], distance: null, lat, lon }, 0, 3)).toBeNull();
    expect(passProfile({ altitude: null, distance: null, lat, lon }, 0, 3)).toBeNull();
  });

  it("finds the source stretch again by the line's ends, on an out-and-back that passes each end twice", () => {
    // 0 → 1 km north and back, a sample every 10 m (0.00009°)
    const lat = Array.from({ length: 201 }, (_, i) => 45 + 0.00009 * (i <= 100 ? i : 200 - i));
    const lon = lat.map(() => 7);
    const streams = { altitude: null, distance: null, lat, lon };
    const [a, b] = [lat[20]!, lat[60]!];
    // 20 → 60 going out (400 m); 20 → 140 reaches the same point on the way back (1,200 m)
    expect(sourceStretch(streams, [a, 7, b, 7], 400)).toEqual([20, 60]);
    // the reverse line was cut on the way back: 140 → 180, not 60 → 180 (1,200 m)
    expect(sourceStretch(streams, [b, 7, a, 7], 400)).toEqual([140, 180]);
    // a redrawn line no pair of samples fits
    expect(sourceStretch(streams, [a, 7, b, 7], 900)).toBeNull();
    expect(sourceStretch(streams, [a, 7.01, b, 7], 400)).toBeNull();
  });
});
