import { describe, expect, it } from 'vitest';
import { versionedCache } from './versioned-cache';

describe('versionedCache', () => {
  it('serves a value only under its own version', () => {
    const cache = versionedCache<string>(4);
    cache.set('a', '1', 'one');
    expect(cache.get('a', '1')).toBe('one');
    expect(cache.get('a', '2')).toBeUndefined();
  });

  it('drops the least recently used entry past the count, the size of one value and the total size', () => {
    const cache = versionedCache<string>(3, (v) => v.length, 10, 12);
    cache.set('a', '1', 'aaaa');
    cache.set('b', '1', 'bbbb');
    cache.get('a', '1');
    cache.set('c', '1', 'cccc');
    // 12 characters kept: a fourth value of 4 pushes out the least recently used, b
    cache.set('d', '1', 'dddd');
    expect(['a', 'b', 'c', 'd'].map((k) => cache.get(k, '1') !== undefined)).toEqual([true, false, true, true]);
    // larger than one value may be: not kept, and nothing else is dropped for it
    cache.set('e', '1', 'e'.repeat(11));
    expect(['a', 'c', 'd', 'e'].map((k) => cache.get(k, '1') !== undefined)).toEqual([true, true, true, false]);
    // a value of 10 needs room for 10: all three go
    cache.set('f', '1', 'f'.repeat(10));
    expect(['a', 'c', 'd', 'f'].map((k) => cache.get(k, '1') !== undefined)).toEqual([false, false, false, true]);
  });
});
