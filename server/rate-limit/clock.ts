// The rate-limit module's clock. Tests replace it to check window expiry and the provider flag's
// "until the next UTC midnight" rule without waiting. (The Redis backend's windows follow the
// library's own Date.now and Redis's TTLs; only the flag durations it is given come from here.)

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
