import { describe, expect, it } from 'vitest';
import { buildCharts } from './activity-series';
import { cadenceDisplay, showsElevation, swimPaceLabel, swimPaceNumber, swolf } from './sport-display';

// CONTRACT: Real history … (issue 48, "What people read"): run cadence in steps per minute, swims
// paced per 100 m (100 yd), no elevation chart from a treadmill's barometer.

const language = { locale: 'en', title: (key: string) => key };

describe('sport-dependent figures on the web', () => {
  it("shows a run's or walk's stored strides per minute as steps per minute, a ride's rpm as they are", () => {
    expect(cadenceDisplay('trail_run').unit).toBe('spm');
    expect(cadenceDisplay('trail_run').value(86)).toBe(172);
    expect(cadenceDisplay('treadmill').value(80)).toBe(160);
    expect(cadenceDisplay('hike').unit).toBe('spm');
    expect(cadenceDisplay('ride')).toMatchObject({ unit: 'rpm' });
    expect(cadenceDisplay('ride').value(90)).toBe(90);
    expect(cadenceDisplay('lap_swim').value(30)).toBe(30);
  });

  it('paces a swim per 100 m, or per 100 yd in imperial', () => {
    // 1.25 m/s is 80 s per 100 m; 100 yd is 91.44 m: 73.152 s
    expect(swimPaceNumber(1.25, 'metric')).toBe('1:20');
    expect(swimPaceNumber(1.25, 'imperial')).toBe('1:13');
    expect(swimPaceLabel('metric')).toBe('/100 m');
    expect(swimPaceLabel('imperial')).toBe('/100 yd');
    expect(swimPaceNumber(null, 'metric')).toBe('—');
    // the chart too: 25 m lengths at 1.25 m/s are 80 s per 100 m
    const time = Array.from({ length: 40 }, (_, i) => i * 5);
    const [pace] = buildCharts({ time, distance: time.map((t) => t * 1.25) }, time, 'metric', 'lap_swim', language).filter((s) => s.key === 'pace');
    expect(pace!.unit).toBe('/100 m');
    expect(new Set(pace!.data[1].map((v) => Math.round(v!)))).toEqual(new Set([80]));
  });

  it('draws no elevation for a treadmill or indoor ride without positions, and cadence in steps per minute', () => {
    expect(showsElevation('treadmill', false)).toBe(false);
    expect(showsElevation('virtual_ride', true)).toBe(true);
    expect(showsElevation('run', false)).toBe(true);
    const time = Array.from({ length: 30 }, (_, i) => i);
    const streams = { time, distance: time.map((t) => t * 3), altitude: time.map((t) => 100 + (t % 3)), cadence: time.map(() => 85) };
    const treadmill = buildCharts(streams, time, 'metric', 'treadmill', language);
    expect(treadmill.map((s) => s.key)).not.toContain('altitude');
    const cadence = treadmill.find((s) => s.key === 'cadence')!;
    expect(cadence.unit).toBe('spm');
    expect(new Set(cadence.data[1])).toEqual(new Set([170]));
    expect(buildCharts({ ...streams, lat: time.map(() => 47), lon: time.map(() => 8) }, time, 'metric', 'run', language).map((s) => s.key)).toContain(
      'altitude',
    );
  });

  it('gives SWOLF as seconds plus strokes per pool length, and none without strokes, a pool or a length covered', () => {
    // 21 lengths of 25 m in 541 s with 307 strokes (a Forerunner 255 pool swim): (541 + 307) / 21
    expect(swolf(541, 307, 525, 25)).toBeCloseTo(848 / 21, 9);
    // one 50 m lap of 2 lengths: 56.7 s and 23 strokes
    expect(swolf(56.7, 23, 50, 25)).toBeCloseTo(39.85, 9);
    expect(swolf(7.5, 0, 0, 25)).toBeNull(); // a rest at the wall
    expect(swolf(600, null, 1000, 25)).toBeNull();
    expect(swolf(600, 300, 1000, null)).toBeNull();
    expect(swolf(600, 300, 1000, 0)).toBeNull();
  });

  it("draws a run's grade-adjusted pace as a second line of the pace chart, at the pace chart's points", () => {
    // 4 m/s is 250 s/km; GAP 240 s/km on the wire
    const time = Array.from({ length: 60 }, (_, i) => i);
    const charts = buildCharts({ time, distance: time.map((t) => t * 4), gap: time.map(() => 240) }, time, 'metric', 'run', language);
    expect(charts.map((s) => s.key)).not.toContain('gap');
    const pace = charts.find((s) => s.key === 'pace')!;
    expect(pace.line).toMatchObject({ key: 'gap', title: 'gap' });
    expect(pace.line!.values).toHaveLength(pace.data[0].length);
    expect(new Set(pace.data[1].map((v) => Math.round(v!)))).toEqual(new Set([250]));
    expect(new Set(pace.line!.values.map((v) => Math.round(v!)))).toEqual(new Set([240]));
    // both lines inside the y range
    expect(pace.range![0]).toBeLessThan(240);
    expect(pace.range![1]).toBeGreaterThan(250);
  });
});
