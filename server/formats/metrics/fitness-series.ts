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
 */
export function fitnessSeries(loads: ReadonlyMap<string, number>, firstDay: string | null, start: string, end: string): FitnessDay[] {
  const out: FitnessDay[] = [];
  let ctl = 0;
  let atl = 0;
  const firstMs = firstDay === null ? Infinity : dayMs(firstDay);
  const startMs = dayMs(start);
  const endMs = dayMs(end);
  for (let ms = Math.min(firstMs, startMs); ms <= endMs; ms += DAY_MS) {
    const date = new Date(ms).toISOString().slice(0, 10);
    const load = ms >= firstMs ? (loads.get(date) ?? 0) : 0;
    const tsb = ctl - atl;
    ctl += (load - ctl) / CTL_DAYS;
    atl += (load - atl) / ATL_DAYS;
    if (ms >= startMs) out.push({ date, load, ctl, atl, tsb });
  }
  return out;
}
