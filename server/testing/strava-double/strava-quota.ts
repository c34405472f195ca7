// Strava's application rate limits as developers.strava.com/docs/rate-limits describes them: an
// "overall" and a "read" limit, each a 15-minute budget (windows start at :00, :15, :30 and :45)
// and a daily budget (resets at midnight UTC). Every answer carries X-RateLimit-Limit/-Usage and
// X-ReadRateLimit-Limit/-Usage as "15-min,daily"; past either budget the answer is a 429.

export interface StravaBudgets {
  overall: { fifteenMinutes: number; daily: number };
  read: { fifteenMinutes: number; daily: number };
}

export const DEFAULT_BUDGETS: StravaBudgets = {
  overall: { fifteenMinutes: 200, daily: 2000 },
  read: { fifteenMinutes: 100, daily: 1000 },
};

const QUARTER_MS = 15 * 60_000;

export class StravaQuota {
  private quarter = -1;
  private day = '';
  private usage = { overall: [0, 0], read: [0, 0] };

  constructor(
    public budgets: StravaBudgets,
    private readonly clock: () => number,
  ) {}

  private roll(): void {
    const now = this.clock();
    const quarter = Math.floor(now / QUARTER_MS);
    const day = new Date(now).toISOString().slice(0, 10);
    if (day !== this.day) {
      this.day = day;
      this.usage.overall[1] = 0;
      this.usage.read[1] = 0;
    }
    if (quarter !== this.quarter) {
      this.quarter = quarter;
      this.usage.overall[0] = 0;
      this.usage.read[0] = 0;
    }
  }

  /** Counts one request; false (not counted) when a budget is already spent: the caller answers 429. */
  take(isRead: boolean): boolean {
    this.roll();
    const { overall, read } = this.budgets;
    const spent =
      this.usage.overall[0]! >= overall.fifteenMinutes ||
      this.usage.overall[1]! >= overall.daily ||
      (isRead && (this.usage.read[0]! >= read.fifteenMinutes || this.usage.read[1]! >= read.daily));
    if (spent) return false;
    this.usage.overall[0]!++;
    this.usage.overall[1]!++;
    if (isRead) {
      this.usage.read[0]!++;
      this.usage.read[1]!++;
    }
    return true;
  }

  /** Requests of another client of the same application (they count in the same budgets). */
  spend(count: number, isRead = true): void {
    for (let i = 0; i < count; i++) this.take(isRead);
  }

  headers(): Record<string, string> {
    this.roll();
    const { overall, read } = this.budgets;
    return {
      'X-RateLimit-Limit': `${overall.fifteenMinutes},${overall.daily}`,
      'X-RateLimit-Usage': this.usage.overall.join(','),
      'X-ReadRateLimit-Limit': `${read.fifteenMinutes},${read.daily}`,
      'X-ReadRateLimit-Usage': this.usage.read.join(','),
    };
  }
}
