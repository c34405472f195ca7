import { nowMs } from '../clock';
import { warnFailOpen } from './fail-open-warning';
import { flagTtlMs, setFlag } from './flag-store';

// spec: Provider rate-limit flag (shared state): a short-term limit lasts 900 seconds; a daily limit
// lasts until the next UTC midnight (at least 1 second). While either flag is set provider calls are
// skipped; if the shared state is unreachable the provider counts as not limited. The two flags are
// separate keys so a short-term mark never shortens a daily one.

export const SHORT_TERM_LIMIT_SECONDS = 900;

const shortTermKey = (provider: string) => `provider-rate-limit:${provider}:short-term`;
const dailyKey = (provider: string) => `provider-rate-limit:${provider}:daily`;

/** Whole seconds from `now` to the next UTC midnight, at least 1. */
export function secondsUntilNextUtcMidnight(now: Date): number {
  const nextMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((nextMidnight - now.getTime()) / 1000));
}

// Marking happens while handling the provider's own 429; a store failure must not turn that into a
// job failure. The cost of a lost mark is one more call that the provider refuses again.
async function mark(key: string, ttlSeconds: number): Promise<void> {
  try {
    await setFlag(key, ttlSeconds);
  } catch (error) {
    warnFailOpen('provider rate-limit flag could not be stored', error);
  }
}

/** `now`: when the provider reported the limit (default: the clock); the 900 s run from then. */
export async function markProviderShortTermLimited(provider: string, now: Date = new Date(nowMs())): Promise<void> {
  const secondsLeft = Math.ceil((now.getTime() + SHORT_TERM_LIMIT_SECONDS * 1000 - nowMs()) / 1000);
  await mark(shortTermKey(provider), Math.max(1, secondsLeft));
}

export async function markProviderDailyLimited(provider: string, now: Date = new Date(nowMs())): Promise<void> {
  await mark(dailyKey(provider), secondsUntilNextUtcMidnight(now));
}

async function longestTtlMs(provider: string): Promise<number | null> {
  const ttls = await Promise.all([flagTtlMs(shortTermKey(provider)), flagTtlMs(dailyKey(provider))]);
  const set = ttls.filter((ttl): ttl is number => ttl !== null);
  return set.length === 0 ? null : Math.max(...set);
}

export async function isProviderRateLimited(provider: string): Promise<boolean> {
  try {
    return (await longestTtlMs(provider)) !== null;
  } catch (error) {
    warnFailOpen('provider rate-limit flag unreadable', error);
    return false;
  }
}

/** When the provider may be called again, or null when it is not limited (or the store is down). */
export async function providerRateLimitedUntil(provider: string): Promise<Date | null> {
  try {
    const ttlMs = await longestTtlMs(provider);
    return ttlMs === null ? null : new Date(nowMs() + ttlMs);
  } catch (error) {
    warnFailOpen('provider rate-limit flag unreadable', error);
    return null;
  }
}
