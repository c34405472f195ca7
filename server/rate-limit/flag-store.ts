import { currentBackend } from './current-backend';

// A shared flag with expiry, on the same store as the rate limits: in-process by default, Redis
// when configured, so every app instance and job runner sees the same flag. These functions pass
// store errors on; callers that must answer anyway (provider-rate-limit.ts) decide what to do.

function ttlMsFromSeconds(ttlSeconds: number): number {
  if (!Number.isFinite(ttlSeconds) || ttlSeconds <= 0) {
    throw new RangeError(`A flag needs a positive lifetime in seconds, got ${ttlSeconds}`);
  }
  return Math.ceil(ttlSeconds * 1000);
}

export async function setFlag(key: string, ttlSeconds: number): Promise<void> {
  await currentBackend().setFlag(key, ttlMsFromSeconds(ttlSeconds));
}

export async function isFlagSet(key: string): Promise<boolean> {
  return (await currentBackend().flagTtlMs(key)) !== null;
}

/** Whole seconds until the flag clears (rounded up), or null when it is not set. */
export async function flagTtlSeconds(key: string): Promise<number | null> {
  const ttlMs = await currentBackend().flagTtlMs(key);
  return ttlMs === null ? null : Math.ceil(ttlMs / 1000);
}

/** Milliseconds until the flag clears, or null when it is not set. */
export async function flagTtlMs(key: string): Promise<number | null> {
  return currentBackend().flagTtlMs(key);
}
