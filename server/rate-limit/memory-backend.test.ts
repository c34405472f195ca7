import { afterEach, describe, expect, it } from 'vitest';
import { setClockForTests } from '../clock';
import { createMemoryBackend } from './memory-backend';

const rule = { name: 'tier:TEST', limit: 3, windowSeconds: 60 };
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);

afterEach(() => setClockForTests(undefined));

describe('in-process store: a sliding log per key', () => {
  it('allows `limit` requests in any 60 s span and refuses the next without counting it', async () => {
    const backend = createMemoryBackend();
    setClockForTests(T0);
    for (let i = 0; i < 3; i++) expect((await backend.hit(rule, 'a')).allowed).toBe(true);
    const refused = await backend.hit(rule, 'a');
    expect(refused).toEqual({ allowed: false, limit: 3, retryAfterMs: 60_000 });
  });

  it('is exact at window boundaries: three requests straddling a minute still refuse the fourth', async () => {
    const backend = createMemoryBackend();
    setClockForTests(T0 + 59_000);
    await backend.hit(rule, 'a');
    await backend.hit(rule, 'a');
    setClockForTests(T0 + 61_000);
    await backend.hit(rule, 'a');
    expect((await backend.hit(rule, 'a')).allowed).toBe(false);
  });

  it('frees one slot when the oldest request leaves the window; Retry-After counts down to it', async () => {
    const backend = createMemoryBackend();
    for (const offset of [0, 10_000, 20_000]) {
      setClockForTests(T0 + offset);
      await backend.hit(rule, 'a');
    }
    setClockForTests(T0 + 30_000);
    expect((await backend.hit(rule, 'a')).retryAfterMs).toBe(30_000);
    setClockForTests(T0 + 60_000);
    expect((await backend.hit(rule, 'a')).allowed).toBe(true);
    expect((await backend.hit(rule, 'a')).retryAfterMs).toBe(10_000);
  });

  it('keeps separate counts per identifier and per rule', async () => {
    const backend = createMemoryBackend();
    setClockForTests(T0);
    for (let i = 0; i < 3; i++) await backend.hit(rule, 'a');
    expect((await backend.hit(rule, 'b')).allowed).toBe(true);
    expect((await backend.hit({ ...rule, name: 'tier:OTHER' }, 'a')).allowed).toBe(true);
  });

  it('sweeps expired counters and flags so memory stays bounded', async () => {
    const backend = createMemoryBackend();
    setClockForTests(T0);
    for (let i = 0; i < 1000; i++) await backend.hit(rule, `client-${i}`);
    await backend.setFlag('f', 5_000);
    expect(backend.size()).toEqual({ counters: 1000, flags: 1 });
    setClockForTests(T0 + 61_000);
    await backend.hit(rule, 'late');
    expect(backend.size()).toEqual({ counters: 1, flags: 0 });
  });

  it('drops the oldest keys first when a flood of callers fills maxKeys within one window', async () => {
    const backend = createMemoryBackend({ maxKeys: 100 });
    setClockForTests(T0);
    for (let i = 0; i < 250; i++) await backend.hit(rule, `client-${i}`);
    expect(backend.size().counters).toBeLessThanOrEqual(100);
    for (let i = 0; i < 2; i++) await backend.hit(rule, 'client-249');
    expect((await backend.hit(rule, 'client-249')).allowed).toBe(false);
  });

  it('flags expire on the clock', async () => {
    const backend = createMemoryBackend();
    setClockForTests(T0);
    await backend.setFlag('f', 2_000);
    setClockForTests(T0 + 1_500);
    expect(await backend.flagTtlMs('f')).toBe(500);
    setClockForTests(T0 + 2_000);
    expect(await backend.flagTtlMs('f')).toBeNull();
    expect(await backend.flagTtlMs('never-set')).toBeNull();
  });
});
