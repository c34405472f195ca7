/**
 * The median of finite values, none of them -0 (moving speeds are at least MOVING_SPEED_MPS): the
 * middle value, or the mean of the two middle values of an even count, as sorting would give.
 */
export function medianOf(values: ArrayLike<number>): number | null {
  if (!values.length) return null;
  const a = Float64Array.from(values);
  const mid = a.length >> 1;
  const upper = kthSmallest(a, mid);
  if (a.length % 2) return upper;
  // kthSmallest leaves the smaller values before `mid`: the largest of them is the lower middle
  let lower = a[0]!;
  for (let i = 1; i < mid; i++) if (a[i]! > lower) lower = a[i]!;
  return (lower + upper) / 2;
}

/**
 * The k-th smallest value (0-based), as a sort would place it, found by Hoare's selection: a
 * median costs a few passes instead of sorting the 172,800 speeds of a 48 h ride. It leaves
 * a[0, k) no greater than a[k]. Pivots an input defeats (too many rounds) end in a sort.
 */
function kthSmallest(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  for (let rounds = 0; lo < hi; rounds++) {
    if (rounds > 64) {
      a.subarray(lo, hi + 1).sort();
      break;
    }
    const x = a[lo]!;
    const y = a[(lo + hi) >> 1]!;
    const z = a[hi]!;
    const pivot = Math.max(Math.min(x, y), Math.min(Math.max(x, y), z));
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i++] = a[j]!;
        a[j--] = t;
      }
    }
    // a[lo, j] ≤ pivot ≤ a[i, hi], and what lies between them equals the pivot
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return a[k]!;
}
