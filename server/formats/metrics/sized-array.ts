/**
 * An array of `length` slots, for a loop that fills every one of them by index. Filled by push, an
 * array of n values is reallocated each time it outgrows itself (~3n slots allocated in all, the
 * largest share of a parse worker's garbage); this one is allocated once. `new Array(n)` keeps fast
 * elements up to 32 M slots (MAX_POINTS is 2 M) and, like push, unboxed doubles until a null is
 * stored.
 */
export function sizedArray<T>(length: number): T[] {
  return new Array<T>(length);
}
