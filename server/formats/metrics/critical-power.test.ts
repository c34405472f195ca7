import { describe, expect, it } from 'vitest';
import { criticalPower, criticalSpeed, riegelTime } from './critical-power';
import { POWER_CURVE_DURATIONS } from './power-curve';

// Synthetic curves straight from the two-parameter model's definition: P(t) = CP + W′/t, d(t) = CS·t + D′.
const within = (value: number, target: number, share: number) => expect(Math.abs(value - target) / target).toBeLessThanOrEqual(share);

describe('two-parameter models', () => {
  it('recovers CP = 280 W and W′ = 20 kJ within ±2 % from a power curve (the stored durations, whole watts)', () => {
    const points = POWER_CURVE_DURATIONS.map((duration) => ({ duration, watts: Math.round(280 + 20_000 / duration) }));
    const fit = criticalPower(points);
    if (typeof fit === 'string') throw new Error(fit);
    within(fit.cp, 280, 0.02);
    within(fit.wPrime, 20_000, 0.02);
  });

  it('recovers CS = 4.2 m/s and D′ = 180 m within ±2 % from best-effort times (whole seconds)', () => {
    const distances = [400, 805, 1000, 1609, 3219, 5000, 10000];
    const points = distances.map((distance) => ({ distance, seconds: Math.round((distance - 180) / 4.2) }));
    const fit = criticalSpeed(points);
    if (typeof fit === 'string') throw new Error(fit);
    within(fit.cs, 4.2, 0.02);
    within(fit.dPrime, 180, 0.02);
  });

  it('says why when it cannot fit: too few efforts in 3–20 min, or a curve that rises with time', () => {
    expect(
      criticalPower([
        { duration: 300, watts: 300 },
        { duration: 1800, watts: 250 },
      ]),
    ).toBe('too_few_efforts');
    expect(
      criticalPower([
        { duration: 300, watts: 200 },
        { duration: 600, watts: 250 },
        { duration: 1200, watts: 260 },
      ]),
    ).toBe('implausible_fit');
  });

  it('Riegel: T₂ = T₁ (D₂/D₁)^1.06', () => {
    expect(riegelTime(5000, 1200, 10000)).toBeCloseTo(1200 * 2 ** 1.06, 9);
  });
});
