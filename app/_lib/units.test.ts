import { describe, expect, it } from 'vitest';
import { distanceNumber, elevationNumber, formatDistance, formatElevation, formatPace, formatSpeed, paceNumber, speedNumber } from './units';

// Tables name the unit once in the header and show bare numbers; everywhere else the unit follows the number.
describe('bare numbers and numbers with their unit agree', () => {
  it('metric', () => {
    expect(distanceNumber(10_000, 'metric')).toBe('10.00');
    expect(formatDistance(10_000, 'metric')).toBe('10.00 km');
    expect(elevationNumber(1204.4, 'metric')).toBe('1,204');
    expect(formatElevation(1204.4, 'metric')).toBe('1,204 m');
    expect(speedNumber(10, 'metric')).toBe('36.0');
    expect(formatSpeed(10, 'metric')).toBe('36.0 km/h');
    // 1000 m at 3.333 m/s = 5:00 per km
    expect(paceNumber(1000 / 300, 'metric')).toBe('5:00');
    expect(formatPace(1000 / 300, 'metric')).toBe('5:00 /km');
  });

  it('imperial', () => {
    expect(formatDistance(1609.344, 'imperial')).toBe('1.00 mi');
    expect(formatElevation(100, 'imperial')).toBe('328 ft');
    expect(formatPace(1609.344 / 480, 'imperial')).toBe('8:00 /mi');
  });

  it('a missing value is a dash, never "— km"', () => {
    for (const text of [
      distanceNumber(null, 'metric'),
      formatDistance(null, 'metric'),
      formatElevation(undefined, 'metric'),
      formatSpeed(null, 'imperial'),
      formatPace(null, 'metric'),
    ])
      expect(text).toBe('—');
    // standing still has no pace
    expect(formatPace(0, 'metric')).toBe('—');
  });
});
