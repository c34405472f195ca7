import { describe, expect, it } from 'vitest';
import { eddington, eddingtonHistory } from './eddington';

describe('eddington', () => {
  it('CONTRACT: Explorer, goals …: the largest E with E days of at least E', () => {
    expect(eddington([])).toEqual({ e: 0, daysForNext: 1 });
    expect(eddington([0.5])).toEqual({ e: 0, daysForNext: 1 });
    expect(eddington([1])).toEqual({ e: 1, daysForNext: 2 });
    expect(eddington([3, 3, 3])).toEqual({ e: 3, daysForNext: 4 });
    expect(eddington([10, 10, 2.99, 2])).toEqual({ e: 2, daysForNext: 1 });
  });
  it('history: E at each year end counts every earlier day, empty years included', () => {
    expect(
      eddingtonHistory([
        ['2020-05-01', 5],
        ['2022-01-01', 5],
        ['2022-06-01', 5],
      ]),
    ).toEqual([
      { year: 2020, e: 1 },
      { year: 2021, e: 1 },
      { year: 2022, e: 3 },
    ]);
  });
});
