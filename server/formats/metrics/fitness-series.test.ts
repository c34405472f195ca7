import { describe, expect, it } from 'vitest';
import { seededRandom } from '@/server/testing/seeded-random';
import { fitnessSeries } from './fitness-series';

// CONTRACT: Beyond the spec … Training load, the recurrence day by day, written from its words: the
// reference the series must match while it skips the days before `start` that have no load.
function reference(loads: ReadonlyMap<string, number>, firstDay: string, start: string, end: string) {
  const out = [];
  let ctl = 0;
  let atl = 0;
  for (let ms = Math.min(Date.parse(firstDay), Date.parse(start)); ms <= Date.parse(end); ms += 86_400_000) {
    const date = new Date(ms).toISOString().slice(0, 10);
    const load = date >= firstDay ? (loads.get(date) ?? 0) : 0;
    const tsb = ctl - atl;
    ctl = ctl + (load - ctl) / 42;
    atl = atl + (load - atl) / 7;
    if (date >= start) out.push({ date, load, ctl, atl, tsb });
  }
  return out;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('fitnessSeries (issue 49, case 4: work proportional to the data, not the range)', () => {
  it.each([1, 2, 3, 4, 5])('matches the day-by-day recurrence (seed %i)', (seed) => {
    const random = seededRandom(seed);
    const loads = new Map<string, number>();
    const firstMs = Date.parse('2019-03-04');
    for (let i = 0; i < 300; i++) loads.set(day(firstMs + Math.floor(random() * 2000) * 86_400_000), Math.round(random() * 250));
    loads.set(day(firstMs), 80);
    const start = day(firstMs + Math.floor(random() * 2200) * 86_400_000);
    const end = day(Date.parse(start) + 400 * 86_400_000);
    const got = fitnessSeries(loads, day(firstMs), start, end);
    const want = reference(loads, day(firstMs), start, end);
    expect(got.map((d) => d.date)).toEqual(want.map((d) => d.date));
    got.forEach((d, i) => {
      for (const key of ['load', 'ctl', 'atl', 'tsb'] as const) expect(d[key]).toBeCloseTo(want[i]![key], 9);
    });
  });

  it('a range centuries after the last activity costs the days asked for, not the centuries between', () => {
    const loads = new Map([['1900-01-02', 100]]);
    const started = performance.now();
    for (let i = 0; i < 50; i++) fitnessSeries(loads, '1900-01-02', '2199-12-01', '2199-12-31');
    // the day-by-day walk visits 109,500 days per call (several ms each); skipping, 31
    expect((performance.now() - started) / 50).toBeLessThan(2);
    expect(fitnessSeries(loads, '1900-01-02', '2199-12-30', '2199-12-31')).toEqual([
      { date: '2199-12-30', load: 0, ctl: 0, atl: 0, tsb: 0 },
      { date: '2199-12-31', load: 0, ctl: 0, atl: 0, tsb: 0 },
    ]);
  });
});
