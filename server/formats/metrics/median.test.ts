import { describe, expect, it } from 'vitest';
import { medianOf } from './median';

/** The straightforward median: sort a copy, take the middle (or the mean of the two middles). */
function sortedMedian(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A small seeded generator (mulberry32), so a failure repeats. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('medianOf (the moving-time median speed)', () => {
  it('is the sorted median for odd and even counts, repeats, sorted, reversed and organ-pipe orders', () => {
    const random = seeded(7);
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
