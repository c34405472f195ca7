// The project clock: every "now" the service stores or compares (job leases, token expiry, rate
// windows, export links). Tests replace it to check expiry rules, such as the provider flag's
// "until the next UTC midnight", without waiting. This is the one module that reads the system
// clock (lint: `clock/one-clock` in eslint.config.mjs); an elapsed duration is measured with
// `performance.now()`, which no date depends on.

let override: (() => number) | undefined;

/** Milliseconds since the epoch. */
export function nowMs(): number {
  return override ? override() : Date.now();
}

export function now(): Date {
  return new Date(nowMs());
}

/**
 * The system clock, which tests never replace: for times checked against another party's clock,
 * and for real time elapsed in this process (a log line's or progress write's throttle, the
 * rate-limit store's circuit breaker). jose verifies a token's `exp` and `nbf` against the system clock, so authentication (tokens,
 * sessions, lockouts, TOTP steps, PKCE, SSO and OAuth states, API keys) stores and compares its
 * times on it, and a test that moves the project clock (a week on, or back to 2024) keeps its
 * signed-in client; the Redis rate-limit backend's windows follow Redis's own clock (TIME, in the
 * sliding log's script) and Redis's TTLs (only the flag durations it is given come from the project clock).
 */
export function systemNowMs(): number {
  return Date.now();
}

export function systemNow(): Date {
  return new Date();
}

/** Pass a fixed time, a function, or undefined to restore the real clock. */
export function setClockForTests(clock: Date | number | (() => number) | undefined): void {
  if (clock === undefined) override = undefined;
  else if (typeof clock === 'function') override = clock;
  else {
    const fixed = typeof clock === 'number' ? clock : clock.getTime();
    override = () => fixed;
  }
}
