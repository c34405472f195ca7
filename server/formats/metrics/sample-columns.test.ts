import { describe, expect, it } from 'vitest';
import { emptySample, type Sample } from './sample';
import { SAMPLE_FIELDS, SampleColumns } from './sample-columns';

describe('SampleColumns', () => {
  it('keeps every point through its growth, null where a point has no value', () => {
    const columns = new SampleColumns(2);
    for (let k = 0; k < 5; k++) {
      const i = columns.add(1000 * k, k >> 1);
      columns.set('heartRate', i, k % 2 ? 140 + k : null);
      columns.set('lat', i, k === 4 ? -0.5 : null);
    }
    expect(columns.length).toBe(5);
    expect(Array.from(columns.time.subarray(0, 5))).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(Array.from(columns.segment.subarray(0, 5))).toEqual([0, 0, 1, 1, 2]);
    expect([0, 1, 2, 3, 4].map((i) => columns.get('heartRate', i))).toEqual([null, 141, null, 143, null]);
    expect([0, 1, 2, 3, 4].map((i) => columns.get('lat', i))).toEqual([null, null, null, null, -0.5]);
    expect([0, 1, 2, 3, 4].map((i) => columns.get('power', i))).toEqual([null, null, null, null, null]);
  });

  it('holds what Sample objects hold', () => {
    const samples: Sample[] = [
      { ...emptySample(5000, 3), lat: 45.1, lon: 7.2, altitude: 12.5, distance: 0, heartRate: 150, cadence: 0, power: 210, speed: 4.25, temperature: -3 },
      emptySample(6000, 3),
    ];
    const columns = SampleColumns.fromSamples(samples);
    const back = samples.map((_, i) => ({
      ...Object.fromEntries(SAMPLE_FIELDS.map((field) => [field, columns.get(field, i)])),
      time: columns.time[i],
      segment: columns.segment[i],
    }));
    expect(back).toEqual(samples);
  });

  it('selects points by index, every field and the segment, in the order asked', () => {
    const samples: Sample[] = [0, 1, 2, 3].map((k) => ({
      ...emptySample(1000 * k, k),
      lat: 45 + k,
      lon: 7 + k,
      altitude: 100 + k,
      distance: 10 * k,
      heartRate: k === 2 ? null : 140 + k,
      cadence: 80 + k,
      power: 200 + k,
      speed: 3 + k,
      temperature: 20 + k,
    }));
    const picked = SampleColumns.fromSamples(samples).select([3, 1, 2]);
    expect(picked.length).toBe(3);
    const back = [0, 1, 2].map((i) => ({
      ...Object.fromEntries(SAMPLE_FIELDS.map((field) => [field, picked.get(field, i)])),
      time: picked.time[i],
      segment: picked.segment[i],
    }));
    expect(back).toEqual([samples[3], samples[1], samples[2]]);
  });

  it('a position is finite, in range and not (0, 0)', () => {
    const positions: [number | null, number | null, boolean][] = [
      [45, 7, true],
      [0, 7, true],
      [0, 0, false],
      [91, 7, false],
      [45, -181, false],
      [null, 7, false],
      [45, null, false],
    ];
    const columns = new SampleColumns();
    for (const [lat, lon] of positions) {
      const i = columns.add(0, 0);
      columns.set('lat', i, lat);
      columns.set('lon', i, lon);
    }
    expect(positions.map((_, i) => columns.hasPosition(i))).toEqual(positions.map(([, , expected]) => expected));
  });
});
