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

/** yyyy-MM-dd of the day `n` days after `date` (calendar days, no time zone involved). */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * One entry per day from `start` to `end`, the recurrence run from `firstDay` (the user's first
 * activity; null: none) over the summed loads by day. Days before the first activity are all 0.
 */
export function fitnessSeries(loads: ReadonlyMap<string, number>, firstDay: string | null, start: string, end: string): FitnessDay[] {
  const out: FitnessDay[] = [];
  let ctl = 0;
  let atl = 0;
  let day = firstDay !== null && firstDay < start ? firstDay : start;
  for (; day <= end; day = addDays(day, 1)) {
    const load = firstDay !== null && day >= firstDay ? (loads.get(day) ?? 0) : 0;
    const tsb = ctl - atl;
    ctl += (load - ctl) / CTL_DAYS;
    atl += (load - atl) / ATL_DAYS;
    if (day >= start) out.push({ date: day, load, ctl, atl, tsb });
  }
  return out;
}
