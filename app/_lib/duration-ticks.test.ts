import { describe, expect, it } from 'vitest';
import { durationName } from './efforts';
import { durationTicks } from './duration-ticks';

describe('the power curve time axis (issue 50: labels like 1 s, 5 s, 1 min, 20 min, 1 h)', () => {
  it('labels whole training durations, never fractions of a second', () => {
    const wide = durationTicks(1, 5400, 900).map(durationName);
    expect(wide).toEqual(['1 s', '2 s', '5 s', '10 s', '15 s', '30 s', '1 min', '2 min', '5 min', '10 min', '20 min', '30 min', '1 h']);
    expect(durationTicks(1, 5400, 900).every((d) => Number.isInteger(d) && d >= 1)).toBe(true);
  });

  it('keeps fewer labels on a phone-wide plot, within the curve', () => {
    expect(durationTicks(1, 3600, 330).map(durationName)).toEqual(['1 s', '5 s', '30 s', '1 min', '5 min', '20 min', '1 h']);
    expect(durationTicks(5, 600, 330)).toEqual([5, 30, 60, 300]);
  });
});
