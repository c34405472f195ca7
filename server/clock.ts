// The project clock: every "now" the service stores or compares (job leases, token expiry, rate
// windows, export links). Tests replace it to check expiry rules, such as the provider flag's
// "until the next UTC midnight", without waiting. (The Redis rate-limit backend's windows follow
// the library's own Date.now and Redis's TTLs; only the flag durations it is given come from here.)

let override: (() => number) | undefined;

/** Milliseconds since the epoch. */
export function nowMs(): number {
  return override ? override() : Date.now();
}

export function now(): Date {
  return new Date(nowMs());
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
