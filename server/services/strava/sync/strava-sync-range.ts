// CONTRACT: Settled 2026-11-23: a range covers start times in [start_date 00:00Z, end_date + 1 day 00:00Z).

export interface StravaSyncRange {
  /** yyyy-mm-dd */
  start_date: string;
  end_date: string;
}

export function rangeBounds(range: StravaSyncRange): { from: Date; to: Date } {
  const from = new Date(`${range.start_date}T00:00:00Z`);
  const to = new Date(`${range.end_date}T00:00:00Z`);
  to.setUTCDate(to.getUTCDate() + 1);
  return { from, to };
}

/**
 * Strava's `after`/`before` in epoch seconds. One second of slack before the start, since Strava
 * does not document whether `after` is inclusive; the list is filtered to the range exactly.
 */
export function stravaListWindow(range: StravaSyncRange): { after: number; before: number } {
  const { from, to } = rangeBounds(range);
  return { after: from.getTime() / 1000 - 1, before: to.getTime() / 1000 };
}

export const stravaDedupKey = (stravaId: number): string => `strava:${stravaId}`;
