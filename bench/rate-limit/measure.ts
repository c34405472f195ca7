// Latency figures for the rate-limit benchmark: each call timed on its own, then summarised.

export interface Figures {
  label: string;
  calls: number;
  p50Us: number;
  p99Us: number;
  opsPerSecond: number;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `fn(i)` `calls` times one after another, timing each call. */
export async function measureSequential(label: string, calls: number, fn: (i: number) => Promise<unknown>): Promise<Figures> {
  const durations = new Float64Array(calls);
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) {
    const t0 = process.hrtime.bigint();
    await fn(i).catch(() => undefined);
    durations[i] = Number(process.hrtime.bigint() - t0) / 1000;
  }
  const totalSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  durations.sort();
  return { label, calls, p50Us: percentile(durations, 50), p99Us: percentile(durations, 99), opsPerSecond: calls / totalSeconds };
}

/** Runs `calls` calls with `concurrency` in flight, as many requests of a busy server would. */
export async function measureConcurrent(label: string, calls: number, concurrency: number, fn: (i: number) => Promise<unknown>): Promise<Figures> {
  const durations = new Float64Array(calls);
  let next = 0;
  const started = process.hrtime.bigint();
  async function worker() {
    while (next < calls) {
      const i = next++;
      const t0 = process.hrtime.bigint();
      await fn(i).catch(() => undefined);
      durations[i] = Number(process.hrtime.bigint() - t0) / 1000;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const totalSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  durations.sort();
  return { label, calls, p50Us: percentile(durations, 50), p99Us: percentile(durations, 99), opsPerSecond: calls / totalSeconds };
}

export function printTable(rows: Figures[]): void {
  const fmt = (us: number) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`);
  console.table(rows.map((r) => ({ case: r.label, calls: r.calls, p50: fmt(r.p50Us), p99: fmt(r.p99Us), 'ops/s': Math.round(r.opsPerSecond) })));
}
