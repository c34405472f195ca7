import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidFile, parseActivityFile, type ParsedActivity } from './index';
import { readCorpusFile } from './test-support/corpus';
import { cpuMsSince, cpuNow } from './test-support/cpu-time';
import { fixFitCrc, wrapFit } from './test-support/fit-builder';

// STYLE rule 7, "formats are pure and total": whatever the bytes, parseActivityFile resolves with
// well-formed activities or rejects with InvalidFile, and does so within a second of CPU time
// (test-support/cpu-time.ts). Runs are bounded so the whole formats suite stays well under a
// minute on two cores.

const LIMIT_MS = 1000;
const CATCH_ALL = 'The file could not be read as an activity file.';
const outcomes = { accepted: 0, refused: 0 };
const NAMES = ['a.fit', 'a.gpx', 'a.tcx', 'a.fit.gz', 'a.gpx.gz', 'a.tcx.gz'];

async function totalWithinASecond(bytes: Uint8Array, name: string): Promise<void> {
  const started = cpuNow();
  let result: ParsedActivity[] | null = null;
  try {
    result = await parseActivityFile(bytes, name);
  } catch (error) {
    if (!(error instanceof InvalidFile)) throw new Error(`escaped: ${String(error)}`);
    // The catch-all in parseActivityFile is a safety net: reaching it means our own code threw
    // something unforeseen on this input, a bug the net would otherwise hide.
    if (error.reason === CATCH_ALL) throw new Error(`unforeseen failure: ${String(error.cause)}`);
    outcomes.refused++;
    return;
  }
  outcomes.accepted++;
  const ms = cpuMsSince(started);
  if (ms > LIMIT_MS) throw new Error(`${name} took ${ms.toFixed(0)} ms of CPU`);
  if (result) for (const a of result) assertWellFormed(a);
}

function assertWellFormed(a: ParsedActivity): void {
  expect(Number.isFinite(a.startTime.getTime())).toBe(true);
  expect(a.totalElapsedTime).toBeGreaterThanOrEqual(0);
  for (const [key, stream] of Object.entries(a.streams)) {
    expect((stream as unknown[]).length, `stream ${key} aligned with time`).toBe(a.streams.time.length);
  }
}

type Mutation = { kind: 'flip'; at: number[]; values: number[] } | { kind: 'truncate'; keep: number };

function mutate(bytes: Uint8Array, m: Mutation): Uint8Array {
  if (m.kind === 'truncate') return bytes.subarray(0, Math.floor(bytes.length * m.keep));
  const out = new Uint8Array(bytes); // a copy: Buffer#slice would share (and damage) the original
  m.at.forEach((fraction, i) => {
    out[Math.floor(fraction * out.length) % out.length] = m.values[i]!;
  });
  return out;
}

// A uniform position in [0, 1). Not fc.double: it is uniform over representable doubles (mostly
// tiny), and its bias towards 0 would hit the first byte every time.
const fraction = fc.noBias(fc.integer({ min: 0, max: 999_999 })).map((n) => n / 1_000_000);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('flip' as const),
    at: fc.array(fraction, { minLength: 1, maxLength: 8 }),
    values: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 8, maxLength: 8 }),
  }),
  fc.record({ kind: fc.constant('truncate' as const), keep: fraction }),
);

describe('property: nothing but InvalidFile escapes, and never slowly', () => {
  it('random bytes under any accepted name', async () => {
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), fc.constantFrom(...NAMES), totalWithinASecond), { numRuns: 300 });
  });

  it('random FIT data inside a valid header and CRC (reaches the decoder)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2048 }), (data) => totalWithinASecond(wrapFit(data), 'x.fit')),
      { numRuns: 300 },
    );
  });

  const small = [
    ['fit/garmin_fenix5_walk_tiny.fit', 'w.fit'],
    ['fit/garmin_fr910xt_pool_swim_25m.fit', 's.fit'],
    ['fit/garmin_fr70_run_compressed_timestamps.fit', 'r.fit'],
    ['gpx/garmin_connect_run_tpx_hr_cad_temp.gpx', 'g.gpx'],
    ['tcx/polar_beat_tiny_indoor.tcx', 'p.tcx'],
  ] as const;

  for (const [file, name] of small) {
    it(`mutated ${file} (byte flips, truncation)`, async () => {
      const original = readCorpusFile(file);
      await fc.assert(
        fc.asyncProperty(mutation, (m) => totalWithinASecond(mutate(original, m), name)),
        { numRuns: 120 },
      );
    });
  }

  for (const [file, name] of small.filter(([, n]) => n.endsWith('.fit'))) {
    it(`mutated ${file} with its CRC fixed up (the decoder sees the damage)`, async () => {
      const original = readCorpusFile(file);
      await fc.assert(
        fc.asyncProperty(mutation, (m) => totalWithinASecond(fixFitCrc(mutate(original, m)), name)),
        { numRuns: 150 },
      );
    });
  }

  it('mutations reach the decoder: some mutated files are still read, most are refused', () => {
    expect(outcomes.accepted).toBeGreaterThan(50);
    expect(outcomes.refused).toBeGreaterThan(500);
  });

  it('mutated gzip streams', async () => {
    const original = gzipSync(readCorpusFile('gpx/garmin_connect_run_tpx_hr_cad_temp.gpx'));
    await fc.assert(
      fc.asyncProperty(mutation, (m) => totalWithinASecond(mutate(original, m), 'g.gpx.gz')),
      { numRuns: 100 },
    );
  });
});
