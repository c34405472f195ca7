import { expect, it } from 'vitest';
import { seededRandom } from '@/server/testing/seeded-random';
import { runningRanks, type RankedInput } from './running-ranks';

/** The definition read literally: 1 + the earlier ranked efforts at least as fast, when that is at most 3. */
function byDefinition(efforts: RankedInput[], e: RankedInput): 1 | 2 | 3 | null {
  if (!e.ranked) return null;
  const earlier = (o: RankedInput) => o.startMs < e.startMs || (o.startMs === e.startMs && o.id < e.id);
  const better = efforts.filter((o) => o.id !== e.id && o.ranked && earlier(o) && o.elapsed <= e.elapsed).length;
  return better < 3 ? ((better + 1) as 1 | 2 | 3) : null;
}

it('CONTRACT: Explorer, goals, gear components, segments: pr_rank of every effort equals the definition (ties, equal starts, excluded activities)', () => {
  const random = seededRandom(53);
  for (let round = 0; round < 50; round++) {
    const efforts: RankedInput[] = Array.from({ length: 1 + Math.floor(random() * 40) }, (_, id) => ({
      id,
      // few distinct starts and times: ties of both
      startMs: Math.floor(random() * 10) * 1000,
      elapsed: 100 + Math.floor(random() * 8),
      ranked: random() > 0.2,
    }));
    const ranks = runningRanks(efforts);
    for (const e of efforts) expect([e.id, ranks.get(e.id)]).toEqual([e.id, byDefinition(efforts, e)]);
  }
});
