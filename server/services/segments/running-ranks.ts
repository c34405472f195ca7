// CONTRACT: Explorer, goals, gear components, segments: pr_rank as segment-pr-rank-sql.ts defines it,
// for a whole leaderboard in one pass: in order of start (then id), an effort's rank is one more
// than the number of earlier ranked efforts at least as fast, capped at 3, and only the three
// fastest earlier ones can make that number. Counting them per effort in SQL was slow on PGlite
// (bench/segments, figures in bench/README.md); this is linear.

export interface RankedInput {
  id: number;
  startMs: number;
  elapsed: number;
  /** false for an activity excluded from records: no rank, and no rival of another */
  ranked: boolean;
}

/** pr_rank (1–3 or null) of each effort, by id. */
export function runningRanks(efforts: readonly RankedInput[]): Map<number, 1 | 2 | 3 | null> {
  const ordered = [...efforts].sort((a, b) => a.startMs - b.startMs || a.id - b.id);
  const best: number[] = []; // the three fastest times so far, ascending
  const ranks = new Map<number, 1 | 2 | 3 | null>();
  for (const e of ordered) {
    if (!e.ranked) {
      ranks.set(e.id, null);
      continue;
    }
    const better = best.filter((t) => t <= e.elapsed).length;
    ranks.set(e.id, better < 3 ? ((better + 1) as 1 | 2 | 3) : null);
    best.push(e.elapsed);
    best.sort((a, b) => a - b);
    if (best.length > 3) best.pop();
  }
  return ranks;
}
