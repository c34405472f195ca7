import { nowMs } from '@/server/clock';
import {
  markProviderDailyLimited,
  markProviderShortTermLimited,
  providerRateLimitedUntil,
  SHORT_TERM_LIMIT_SECONDS,
} from '@/server/rate-limit/provider-rate-limit';
import { flagTtlMs, setFlag } from '@/server/rate-limit/flag-store';
import { STRAVA_PROVIDER } from './strava-config';

// Strava's budgets (developers.strava.com/docs/rate-limits): every answer says
// X-RateLimit-Limit/-Usage and X-ReadRateLimit-Limit/-Usage as "15-min,daily". The shared
// provider flag (spec: Provider rate-limit flag) is set as soon as a budget is spent, so the next
// request is never sent, from this job or any other on any instance; a 429 sets it too.
// spec: Provider rate-limit flag: a short-term limit lasts 900 s from the answer that reported it
// (Strava's own window ends on the quarter hour, always within those 900 s, so the flag is never
// shorter than the wait Strava asks for); the daily one lasts until UTC midnight.

export type Budget = { usage: [number, number]; limit: [number, number] };

function pair(value: string | null): [number, number] | null {
  const parts = (value ?? '').split(',').map((p) => Number(p.trim()));
  return parts.length === 2 && parts.every((n) => Number.isFinite(n) && n >= 0) ? (parts as [number, number]) : null;
}

/** The overall and (for reads) read budgets an answer reports; absent or malformed ones are left out. */
export function budgetsOf(headers: Headers, isRead: boolean): Budget[] {
  const kinds = isRead ? ['X-RateLimit', 'X-ReadRateLimit'] : ['X-RateLimit'];
  return kinds.flatMap((kind) => {
    const usage = pair(headers.get(`${kind}-Usage`));
    const limit = pair(headers.get(`${kind}-Limit`));
    return usage && limit ? [{ usage, limit }] : [];
  });
}

/**
 * Sets the flag when an answer shows a spent budget (or is a 429). Returns when Strava may be
 * called again, or null when budget is left.
 */
export async function recordStravaBudgets(headers: Headers, isRead: boolean, refused: boolean): Promise<Date | null> {
  const budgets = budgetsOf(headers, isRead);
  await recordPushReserve(budgets);
  const dailySpent = budgets.some((b) => b.usage[1] >= b.limit[1]);
  const shortSpent = budgets.some((b) => b.usage[0] >= b.limit[0]);
  if (dailySpent) {
    await markProviderDailyLimited(STRAVA_PROVIDER);
  } else if (shortSpent || refused) {
    await markProviderShortTermLimited(STRAVA_PROVIDER);
  } else {
    return null;
  }
  return (await providerRateLimitedUntil(STRAVA_PROVIDER)) ?? new Date(nowMs() + SHORT_TERM_LIMIT_SECONDS * 1000);
}

export const stravaRateLimitedUntil = (): Promise<Date | null> => providerRateLimitedUntil(STRAVA_PROVIDER);

// CONTRACT: Beyond the spec … Integrations: Strava push: fetching for push events stops well before
// the quota syncs need. Push events may call Strava only while every budget is under
// PUSH_SHARE of its limit; past it a flag (shared like the provider flag) holds them until
// Strava's window turns (the next quarter hour, or UTC midnight for a daily budget). Syncs do
// not look at this flag: the rest of the budget is theirs.

/** The share of each of Strava's budgets that push events may spend. */
export const PUSH_SHARE = 0.5;
const pushShortKey = `strava-push-reserve:${STRAVA_PROVIDER}:short-term`;
const pushDailyKey = `strava-push-reserve:${STRAVA_PROVIDER}:daily`;
const QUARTER_HOUR_MS = 15 * 60_000;

async function recordPushReserve(budgets: Budget[]): Promise<void> {
  const now = nowMs();
  try {
    if (budgets.some((b) => b.usage[1] >= b.limit[1] * PUSH_SHARE)) {
      const midnight = new Date(now);
      midnight.setUTCHours(24, 0, 0, 0);
      await setFlag(pushDailyKey, Math.max(1, (midnight.getTime() - now) / 1000));
    } else if (budgets.some((b) => b.usage[0] >= b.limit[0] * PUSH_SHARE)) {
      const nextQuarter = (Math.floor(now / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS;
      await setFlag(pushShortKey, Math.max(1, (nextQuarter - now) / 1000));
    }
  } catch {
    // the store is down: the provider flag still protects the whole quota
  }
}

/** When push events may call Strava again (their share of a budget is spent), or null. */
export async function stravaPushReservedUntil(): Promise<Date | null> {
  try {
    const ttls = (await Promise.all([flagTtlMs(pushShortKey), flagTtlMs(pushDailyKey)])).filter((t): t is number => t !== null);
    return ttls.length ? new Date(nowMs() + Math.max(...ttls)) : null;
  } catch {
    return null;
  }
}
