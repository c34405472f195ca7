// CONTRACT: Explorer, goals, gear components, segments: the Eddington number E is the largest E such
// that E days each reached E units (km or mi) of distance; a day's distance sums its activities.

/** E of a set of day distances (in the unit), and how many more days of at least E + 1 reach E + 1. */
export function eddington(dayDistances: readonly number[]): { e: number; daysForNext: number } {
  const sorted = [...dayDistances].sort((a, b) => b - a);
  let e = 0;
  while (e < sorted.length && sorted[e]! >= e + 1) e += 1;
  let atLeastNext = 0;
  for (const d of sorted) {
    if (d < e + 1) break;
    atLeastNext += 1;
  }
  return { e, daysForNext: e + 1 - atLeastNext };
}

/**
 * E at the end of each year from the first day's year to the last's, counting every day up to that
 * year's end (so it never falls). `days` are [yyyy-MM-dd, distance in the unit], in any order.
 */
export function eddingtonHistory(days: readonly (readonly [string, number])[]): { year: number; e: number }[] {
  if (!days.length) return [];
  const byYear = new Map<number, number[]>();
  for (const [day, distance] of days) {
    const year = Number(day.slice(0, 4));
    byYear.set(year, [...(byYear.get(year) ?? []), distance]);
  }
  const years = [...byYear.keys()].sort((a, b) => a - b);
  const history: { year: number; e: number }[] = [];
  const sofar: number[] = [];
  for (let year = years[0]!; year <= years.at(-1)!; year += 1) {
    sofar.push(...(byYear.get(year) ?? []));
    history.push({ year, e: eddington(sofar).e });
  }
  return history;
}
