import { describe, expect, it } from 'vitest';
import { firstWindowEnd, periodStart, shiftPeriods, statsWindow } from './stats-window';

describe('the statistics window (CONTRACT: … Statistics and calendar, whole periods back to the first activity)', () => {
  it('finds the period of a day and moves by whole periods across years', () => {
    expect(periodStart('week', '2026-11-29')).toBe('2026-11-23');
    expect(shiftPeriods('month', '2026-02-17', -3)).toBe('2025-11-01');
    expect(shiftPeriods('month', '2025-11-30', 2)).toBe('2026-01-01');
    expect(shiftPeriods('year', '2026-05-01', -1)).toBe('2025-01-01');
    expect(shiftPeriods('week', '2026-01-01', 1)).toBe('2026-01-05');
  });

  it('ends today with 24 months, earlier windows available back to the first activity', () => {
    const w = statsWindow('month', '2026-11-29', '2026-11-29', '2010-03-14');
    expect(w).toEqual({ start_date: '2024-12-01', end_date: '2026-11-29', hasEarlier: true, hasLater: false });
    const back = statsWindow('month', shiftPeriods('month', w.start_date, -1), '2026-11-29', '2010-03-14');
    expect(back).toMatchObject({ start_date: '2022-12-01', end_date: '2024-11-30', hasLater: true });
  });

  it('jumps to the window that begins with the first activity, which has nothing earlier', () => {
    const w = statsWindow('week', firstWindowEnd('week', '2010-03-14'), '2026-11-29', '2010-03-14');
    expect(w.start_date).toBe('2010-03-08');
    expect(w.hasEarlier).toBe(false);
    expect(w.hasLater).toBe(true);
  });

  it('shows the whole history by year when it is shorter than twenty years, and never ends after today', () => {
    expect(statsWindow('year', '2030-01-01', '2026-11-29', '2010-03-14')).toEqual({
      start_date: '2010-01-01',
      end_date: '2026-11-29',
      hasEarlier: false,
      hasLater: false,
    });
    expect(statsWindow('year', '2026-11-29', '2026-11-29', '1990-06-01').start_date).toBe('2007-01-01');
    expect(statsWindow('week', '2026-11-29', '2026-11-29', null).hasEarlier).toBe(false);
  });
});
