import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundStream } from './rounded-stream';

// roundStream against the plain definition: each value rounded as Math.round(v × 10^d) / 10^d,
// and JSON.stringify of the result, which must come out byte for byte (streams stored before
// keep the same bytes for the same values, and readers JSON.parse them).

function reference(values: readonly (number | null)[], decimals: number) {
  const rounded = values.map((v) => (v == null ? v : Math.round(v * 10 ** decimals) / 10 ** decimals));
  return { values: rounded, json: JSON.stringify(rounded) };
}

function expectSame(values: readonly (number | null)[], decimals: number) {
  const { values: rounded, json } = roundStream(values, decimals);
  const expected = reference(values, decimals);
  expect(json.toString('latin1')).toBe(expected.json);
  expect(rounded).toStrictEqual(expected.values);
  // the text alone (a stream nothing is derived from): the same bytes
  const textOnly = roundStream(values, decimals, false);
  expect(textOnly.values).toBeNull();
  expect(textOnly.json.toString('latin1')).toBe(expected.json);
}

const decimals = fc.integer({ min: 0, max: 7 });

describe('roundStream rounds and writes as Math.round and JSON.stringify do', () => {
  it('values of every magnitude a stream holds, with gaps', () => {
    const value = fc.oneof(fc.double({ noNaN: true, min: -2e9, max: 2e9 }), fc.double({ noNaN: true, min: -1, max: 1 }), fc.constant(null));
    fc.assert(
      fc.property(fc.array(value, { maxLength: 300 }), decimals, (values, d) => expectSame(values, d)),
      { numRuns: 3000 },
    );
  });

  it('any double, and the edges: -0, halves, tiny values JSON writes with an exponent, 2^50 and beyond, infinities', () => {
    const edge = fc.constantFrom(
      -0,
      0.5,
      -0.5,
      2.5,
      -2.5,
      1e-6,
      9.99e-7,
      -1e-7,
      1e-7,
      2 ** 50,
      2 ** 50 + 1,
      2 ** 53,
      1e21,
      1e300,
      Infinity,
      -Infinity,
      NaN,
      0.1 + 0.2,
      // either side of 2^31 once scaled, where the writer leaves int32 arithmetic
      2147483647,
      2147483648,
      214.7483647,
      214.7483648,
      -214748.3648,
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.double(), edge), { maxLength: 60 }), decimals, (values, d) => expectSame(values, d)),
      { numRuns: 3000 },
    );
  });

  it('a long ride: 50,000 coordinates, times and distances, past the first buffer', () => {
    const lat = Array.from({ length: 50_000 }, (_, i) => 45.123456789 + i * 1.3e-6);
    const time = Array.from({ length: 50_000 }, (_, i) => i * 1.0004);
    expectSame(lat, 7);
    expectSame(time, 3);
    expectSame([], 2);
  });
});
