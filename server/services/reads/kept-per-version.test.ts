import { describe, expect, it } from 'vitest';
import { keptPerVersion } from './kept-per-version';

describe('keptPerVersion', () => {
  it('serves a value only under its own version', () => {
    const kept = keptPerVersion<string>(4);
    kept.set('a', '1', 'one');
    expect(kept.get('a', '1')).toBe('one');
    expect(kept.get('a', '2')).toBeUndefined();
  });

  it('drops the least recently used entry past the count, the size of one value and the total size', () => {
    const kept = keptPerVersion<string>(3, (v) => v.length, 10, 12);
    kept.set('a', '1', 'aaaa');
    kept.set('b', '1', 'bbbb');
    kept.get('a', '1');
    kept.set('c', '1', 'cccc');
    // 12 characters kept: a fourth value of 4 pushes out the least recently used, b
    kept.set('d', '1', 'dddd');
    expect(['a', 'b', 'c', 'd'].map((k) => kept.get(k, '1') !== undefined)).toEqual([true, false, true, true]);
    // larger than one value may be: not kept, and nothing else is dropped for it
    kept.set('e', '1', 'e'.repeat(11));
    expect(['a', 'c', 'd', 'e'].map((k) => kept.get(k, '1') !== undefined)).toEqual([true, true, true, false]);
    // a value of 10 needs room for 10: all three go
    kept.set('f', '1', 'f'.repeat(10));
    expect(['a', 'c', 'd', 'f'].map((k) => kept.get(k, '1') !== undefined)).toEqual([false, false, false, true]);
  });
});
