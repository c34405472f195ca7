import { describe, expect, it } from 'vitest';
import { oneSecondGrid } from './one-second-grid';

describe('CONTRACT: Beyond the spec … Best efforts and records: the 1 s grid of a stream', () => {
  it('holds each sample over [t_i, t_(i+1)); the last sample holds no second', () => {
    const grid = oneSecondGrid([10, 12, 13.5, 15], [100, 200, 300, 400], 0);
    expect(grid.t0).toBe(10);
    // seconds 10, 11 → 100; 12, 13 → 200; 14 → 300; 15 is t_last, not a second
    expect([...grid.values]).toEqual([100, 100, 200, 200, 300]);
  });

  it('counts every second of a gap over 5 s as 0 W, or skips it (NaN) for heart rate', () => {
    expect([...oneSecondGrid([0, 1, 7, 8], [100, 200, 300, 300], 0).values]).toEqual([100, 0, 0, 0, 0, 0, 0, 300]);
    expect([...oneSecondGrid([0, 1, 7, 8], [100, 200, 300, 300], Number.NaN).values]).toEqual([100, NaN, NaN, NaN, NaN, NaN, NaN, 300]);
    // exactly 5 s is held
    expect([...oneSecondGrid([0, 5, 6], [100, 200, 200], 0).values]).toEqual([100, 100, 100, 100, 100, 200]);
  });

  it('leaves out samples whose time or value is null', () => {
    expect([...oneSecondGrid([0, 1, null, 3], [100, null, 50, 300], 0).values]).toEqual([100, 100, 100]);
    expect(oneSecondGrid([0], [100], 0).values.length).toBe(0);
    expect(oneSecondGrid([], [], 0).values.length).toBe(0);
  });

  it('starts at the first sample that has a value', () => {
    const grid = oneSecondGrid([0, 1, 2, 3], [null, 150, 150, 150], 0);
    expect(grid.t0).toBe(1);
    expect([...grid.values]).toEqual([150, 150]);
  });
});
