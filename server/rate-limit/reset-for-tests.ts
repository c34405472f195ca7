import { forgetBackendForTests } from './current-backend';
import { resetFailOpenWarningsForTests } from './fail-open-warning';

/**
 * Clears in-process counters, flags and warning throttles, and forgets the chosen store so that
 * the next call follows the current env() (after setEnvForTests). The clock is left as it is:
 * setClockForTests(undefined) restores it.
 */
export function resetRateLimitStateForTests(): void {
  forgetBackendForTests();
  resetFailOpenWarningsForTests();
}
