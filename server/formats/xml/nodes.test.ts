import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { num, text } from './nodes';

// num reads plain decimals itself (one exact division) and leaves every other form to Number():
// either way the value must be Number()'s, to the last bit, or null where Number() is not finite.

const asNumber = (raw: string): number | null => {
  const trimmed = raw.trim();
  const n = Number(trimmed);
  return trimmed !== '' && Number.isFinite(n) ? n : null;
};

describe('num reads a value as Number() does', () => {
  it('plain decimals of up to 15 digits and past them, signed or not', () => {
    const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 18 });
    const decimal = fc
      .tuple(fc.boolean(), digits, fc.option(digits))
      .map(([minus, whole, fraction]) => `${minus ? '-' : ''}${whole}${fraction === null ? '' : `.${fraction}`}`);
    fc.assert(
      fc.property(decimal, (raw) => Object.is(num(raw), asNumber(raw))),
      { numRuns: 20_000 },
    );
  });

  it('coordinates as devices write them', () => {
    const coordinate = fc.double({ min: -180, max: 180, noNaN: true }).map((v) => v.toFixed(7));
    fc.assert(
      fc.property(coordinate, (raw) => Object.is(num(raw), asNumber(raw))),
      { numRuns: 20_000 },
    );
  });

  it('the forms left to Number(), and the ones it refuses', () => {
    for (const raw of [
      '-0',
      '007',
      '1.',
      '.5',
      '-.5',
      '+5',
      '1e5',
      '0x1A',
      '1.5.2',
      '-',
      '1-2',
      ' 12 ',
      'Infinity',
      '1e400',
      '9007199254740993',
      '0.1',
      '-0.0',
    ]) {
      expect(Object.is(num(raw), asNumber(raw)), raw).toBe(true);
    }
    expect(num('1e400')).toBeNull();
    expect(Object.is(num('-0'), -0)).toBe(true);
  });
});

describe('text', () => {
  it("is String#trim()'s result, null when nothing is left", () => {
    const samples = ['7', 'a b', ' 7', '7\n', '\u00a07\u3000', '\ufeffx', '\t', '', ' ', 'é', ' é ', '~!'];
    for (const raw of samples) expect(text(raw)).toBe(raw.trim() || null);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(' ', '\t', '\u00a0', '\u2028', 'a', '7', '~', '!', 'é') }), (raw) => text(raw) === (raw.trim() || null)),
    );
  });
});
