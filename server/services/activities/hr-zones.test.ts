import { describe, expect, it } from 'vitest';
import { estimatedMaxHeartRate, hrZoneSeconds } from './hr-zones';
import { routeThumbnailSvg } from '@/server/formats/metrics/route-thumbnail-svg';

describe('heart-rate zones', () => {
  it('each sample holds until the next; gaps over 30 s count in no zone; below 60 % is zone 1 (CONTRACT Events: zones subscriber)', () => {
    const zones = hrZoneSeconds([0, 10, 20, 30, 100, 110], [100, 125, 150, 185, 190, null], 200);
    expect(zones.map((z) => z.seconds)).toEqual([10, 10, 10, 0, 10]);
    expect(zones[0]).toMatchObject({ zone: 1, min_bpm: 100, max_bpm: 119 });
    expect(zones[4]).toMatchObject({ zone: 5, min_bpm: 180, max_bpm: null });
  });

  it('220 − age, the birthday counted only once reached', () => {
    expect(estimatedMaxHeartRate('1990-06-15', new Date('2020-06-14T12:00:00Z'))).toBe(191);
    expect(estimatedMaxHeartRate('1990-06-15', new Date('2020-06-15T12:00:00Z'))).toBe(190);
  });
});

describe('route thumbnail', () => {
  it('draws a polyline inside a 100×100 box and refuses tracks with fewer than two points', () => {
    const svg = routeThumbnailSvg([48.2, 48.21, null, 48.22], [16.37, 16.38, null, 16.37])!;
    const coords = /points="([^"]+)"/
      .exec(svg)![1]!
      .split(' ')
      .flatMap((p) => p.split(',').map(Number));
    expect(coords.every((c) => c >= 0 && c <= 100)).toBe(true);
    expect(routeThumbnailSvg([48.2], [16.37])).toBeNull();
  });
});
