import { describe, expect, it } from 'vitest';
import { medianOf } from './median';
import { seededRandom } from '@/server/testing/seeded-random';

/** The straightforward median: sort a copy, take the middle (or the mean of the two middles). */
function sortedMedian(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

describe('medianOf (the moving-time median speed)', () => {
  it('is the sorted median for odd and even counts, repeats, sorted, reversed and organ-pipe orders', () => {
    const random = seededRandom(7);
    const shapes: ((n: number) => number[])[] = [
      (n) => Array.from({ length: n }, () => 0.5 + random() * 20),
      (n) => Array.from({ length: n }, () => 0.5 + Math.floor(random() * 3)),
      (n) => Array.from({ length: n }, (_, i) => 0.5 + i),
      (n) => Array.from({ length: n }, (_, i) => 0.5 + n - i),
      (n) => Array.from({ length: n }, () => 4),
      (n) => Array.from({ length: n }, (_, i) => 0.5 + Math.min(i, n - i)),
    ];
    for (const n of [1, 2, 3, 4, 5, 10, 31, 64, 999, 1000, 20_001]) {
      for (const shape of shapes) {
        const values = shape(n);
        expect(medianOf(values)).toBe(sortedMedian(values));
      }
    }
    expect(medianOf([])).toBeNull();
  });

  it('leaves its input as it was', () => {
    const values = [5, 1, 4, 2, 3];
    medianOf(values);
    expect(values).toEqual([5, 1, 4, 2, 3]);
  });
});
