import { describe, expect, it } from 'vitest';
import { matchGear } from './match-gear';

const gear = [
  { id: 1, nickname: 'Asics 01', brand: 'ASICS', model: 'Gel-Cumulus 24 SE' },
  { id: 2, nickname: 'OC3', brand: 'Olympikus', model: 'Corre3' },
  { id: 3, nickname: 'Shoe 1', brand: 'Skechers', model: null },
];

describe('gear of a manifest row (spec: nickname, or <brand> <model> <nickname>, plus signs as spaces)', () => {
  it.each([
    ['Asics 01', 1],
    ['asics+01', 1],
    ['ASICS Gel-Cumulus 24 SE Asics 01', 1],
    ['ASICS+Gel-Cumulus+24+SE+Asics+01', 1],
    ['Olympikus Corre3 OC3', 2],
    ['Skechers Shoe 1', 3],
  ])('"%s" → gear %i', (value, id) => {
    expect(matchGear(value, gear)).toBe(id);
  });

  it.each([null, '', '+++', 'Asics 03', 'Olympikus OC3'])('"%s" matches nothing (no gear)', (value) => {
    expect(matchGear(value, gear)).toBeNull();
  });
});
