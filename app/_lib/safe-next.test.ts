import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

// For any `next` value, the place sign-in navigates to stays on the app's origin.
const ORIGIN = 'https://stride.example:8443';
const where = (value: string) => new URL(safeNext(value, '/activities', ORIGIN), ORIGIN);

// Characters that matter to URL parsing, so that the generator reaches the tricky shapes often.
const urlish = fc.string({
  unit: fc.constantFrom(
    '/',
    '\\',
    '\t',
    '\n',
    '\r',
    ' ',
    '.',
    ':',
    '@',
    '%',
    '0',
    '9',
    '?',
    '#',
    'e',
    'v',
    'h',
    't',
    'p',
    's',
    '\u0000',
    '\u00a0',
    '\u3002',
    'ｅ',
  ),
  maxLength: 40,
});

describe('safeNext keeps the sign-in redirect on our origin', () => {
  it('property: for any string, the resolved target has our origin', () => {
    const anyString = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      urlish,
      fc.webUrl(),
      urlish.map((s) => `/${s}`),
    );
    fc.assert(
      fc.property(anyString, (value) => {
        expect(where(value).origin).toBe(ORIGIN);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    '/\t/evil.example',
    '/\n/evil.example',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/activities',
    'javascript:alert(1)',
    '/.//evil.example',
    '/%2e//evil.example',
    ' //evil.example',
    'https://stride.example:8443@evil.example/',
    '/sign-in?next=/activities',
  ])('%j falls back to /activities', (value) => {
    expect(safeNext(value, '/activities', ORIGIN)).toBe('/activities');
  });

  it('same-origin paths keep their query and fragment', () => {
    expect(safeNext('/activities/12?tab=laps#map', '/activities', ORIGIN)).toBe('/activities/12?tab=laps#map');
    expect(safeNext(`${ORIGIN}/settings`, '/activities', ORIGIN)).toBe('/settings');
    expect(safeNext(null, '/activities', ORIGIN)).toBe('/activities');
  });
});
