import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RateLimitBackend } from './backend';
import { StoreUnavailableError, withCircuitBreaker } from './circuit-breaker';

const rule = { name: 'tier:TEST', limit: 3, windowSeconds: 60 };

function flakyStore() {
  const state = { up: false, calls: 0 };
  const backend: RateLimitBackend = {
    kind: 'upstash',
    hit: async () => {
      state.calls++;
      if (!state.up) throw new Error('ECONNREFUSED');
      return { allowed: true, limit: 3, retryAfterMs: 0 };
    },
    setFlag: async () => undefined,
    flagTtlMs: async () => null,
  };
  return { state, backend };
}

afterEach(() => vi.useRealTimers());

describe('circuit breaker: failing open is fast during an outage', () => {
  it('after a failure, does not ask the store again for a while; then tries again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { state, backend } = flakyStore();
    const guarded = withCircuitBreaker(backend, 5_000);
    await expect(guarded.hit(rule, 'a')).rejects.toThrow('ECONNREFUSED');
    await expect(guarded.hit(rule, 'a')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(guarded.flagTtlMs('f')).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(state.calls).toBe(1);
    state.up = true;
    vi.advanceTimersByTime(5_000);
    await expect(guarded.hit(rule, 'a')).resolves.toMatchObject({ allowed: true });
    expect(state.calls).toBe(2);
  });

  it('keeps the backend kind', () => {
    expect(withCircuitBreaker(flakyStore().backend).kind).toBe('upstash');
  });
});
