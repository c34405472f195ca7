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

// Local formats: numbers through Intl in the user's language, units from the profile.
describe('numbers in the user language', () => {
  it('writes decimals and thousands the way each language does', () => {
    expect(formatDistance(92_620, 'metric', 'de')).toBe('92,62 km');
    expect(formatDistance(92_620, 'metric', 'fr')).toBe('92,62 km');
    expect(formatDistance(92_620, 'metric', 'en')).toBe('92.62 km');
    expect(formatElevation(1204.4, 'metric', 'de')).toBe('1.204 m');
    expect(formatElevation(1204.4, 'metric', 'en')).toBe('1,204 m');
    expect(formatSpeed(10, 'imperial', 'nl')).toBe('22,4 mph');
  });

  it('uses the same separators as Intl for every language', () => {
    for (const locale of ['de', 'fr', 'es', 'it', 'nl', 'pt']) {
      const parts = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).formatToParts(1234.5);
      const decimal = parts.find((p) => p.type === 'decimal')!.value;
      expect(distanceNumber(12_345, 'metric', locale)).toBe(`12${decimal}35`);
    }
  });
});
