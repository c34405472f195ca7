// CONTRACT: Beyond the spec … Training load: from the user's first activity, ctl and atl start at 0,
// ctl_d = ctl_(d−1) + (load_d − ctl_(d−1))/42, atl_d the same with 7, tsb_d = ctl_(d−1) − atl_(d−1).

export interface FitnessDay {
  date: string;
  load: number;
  ctl: number;
  atl: number;
  tsb: number;
}

const CTL_DAYS = 42;
const ATL_DAYS = 7;
const DAY_MS = 86_400_000;

const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * One entry per day from `start` to `end`, the recurrence run from `firstDay` (the user's first
 * activity; null: none) over the summed loads by day. Days before the first activity are all 0.
 * Days are walked as UTC midnights: calendar days, no time zone involved.
 *
 * The work is proportional to the data and the answer, never to the distance between them: before
 * `start` only the days with a load are visited, a run of n days without load being one step
 * (each such day multiplies ctl by 41/42 and atl by 6/7, so n of them multiply by the n-th power).
 */
export function fitnessSeries(loads: ReadonlyMap<string, number>, firstDay: string | null, start: string, end: string): FitnessDay[] {
  const out: FitnessDay[] = [];
  let ctl = 0;
  let atl = 0;
  const firstMs = firstDay === null ? Infinity : dayMs(firstDay);
  const startMs = dayMs(start);
  const endMs = dayMs(end);
  /** the next day the recurrence has not run yet */
  let cursor = Math.min(firstMs, startMs);
  const restDays = (untilMs: number) => {
    const days = Math.round((untilMs - cursor) / DAY_MS);
    if (days <= 0) return;
    ctl *= (1 - 1 / CTL_DAYS) ** days;
    atl *= (1 - 1 / ATL_DAYS) ** days;
    cursor = untilMs;
  };
  const loadedBefore = [...loads.keys()].filter((day) => dayMs(day) >= firstMs && dayMs(day) < startMs).sort();
  for (const day of loadedBefore) {
    restDays(dayMs(day));
    const load = loads.get(day)!;
    ctl += (load - ctl) / CTL_DAYS;
    atl += (load - atl) / ATL_DAYS;
    cursor += DAY_MS;
  }
  restDays(startMs);
  for (let ms = cursor; ms <= endMs; ms += DAY_MS) {
    const date = new Date(ms).toISOString().slice(0, 10);
    const load = ms >= firstMs ? (loads.get(date) ?? 0) : 0;
    const tsb = ctl - atl;
    ctl += (load - ctl) / CTL_DAYS;
    atl += (load - atl) / ATL_DAYS;
    out.push({ date, load, ctl, atl, tsb });
  }
  return out;
}
