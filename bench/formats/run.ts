/**
 * Formats benchmark: `npx tsx bench/formats/run.ts`.
 *
 * For every corpus FIT file: our full parseActivityFile (pre-scan + CRC + fit-file-parser decode
 * + sessions, laps, streams and metrics) beside the plain decode of Garmin's official
 * @garmin/fitsdk (Decoder.read(), default options) on the same inflated bytes, with the ratio
 * (target ≤ 2×). Then GPX and TCX parse times. Each figure is the median of several timed runs
 * after warm-up runs. CORPUS_DIR overrides ../shared/corpus.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Decoder, Stream } from '@garmin/fitsdk';
import { parseActivityFile } from '../../server/formats/index';

const CORPUS_DIR = process.env.CORPUS_DIR ?? path.resolve(process.cwd(), '../shared/corpus');
const WARMUP = 3;
/** Enough runs for a stable median, fewer for the big files so the whole run stays short. */
const runsFor = (bytes: number) => (bytes > 1_000_000 ? 5 : bytes > 200_000 ? 9 : 21);

const mid = (times: number[]) => times.slice().sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

/**
 * Medians of several functions timed in alternation (a, b, a, b …): on a shared machine a burst
 * of load then slows both sides alike instead of skewing their ratio.
 */
async function medians(runs: number, fns: (() => unknown)[]): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) for (const fn of fns) await fn();
  const times: number[][] = fns.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (let k = 0; k < fns.length; k++) {
      const started = performance.now();
      await fns[k]!();
      times[k]!.push(performance.now() - started);
    }
  }
  return times.map(mid);
}

function sdkDecode(bytes: Buffer): { errors: number; records: number } {
  const decoder = new Decoder(Stream.fromBuffer(bytes));
  const { messages, errors } = decoder.read();
  return { errors: errors.length, records: (messages.recordMesgs ?? []).length };
}

function load(dir: string): { name: string; bytes: Buffer }[] {
  const full = path.join(CORPUS_DIR, dir);
  return fs
    .readdirSync(full)
    .sort()
    .map((name) => {
      const raw = fs.readFileSync(path.join(full, name));
      return { name, bytes: name.endsWith('.gz') ? gunzipSync(raw) : raw };
    });
}

const mb = (bytes: number) => bytes / (1024 * 1024);
const row = (cells: (string | number)[], widths: number[]) =>
  cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]!) : String(c).padStart(widths[i]!))).join('  ');

async function main() {
  console.log(`Node ${process.version}, ${process.arch}; median of timed runs after ${WARMUP} warm-ups\n`);
  const fitWidths = [44, 9, 10, 8, 10, 7, 6];
  console.log(row(['FIT file (inflated)', 'KiB', 'ours ms', 'MB/s', 'fitsdk ms', 'ratio', 'check'], fitWidths));
  const ratios: number[] = [];
  for (const { name, bytes } of load('fit')) {
    const runs = runsFor(bytes.length);
    const sdkCheck = sdkDecode(bytes);
    const [ours, sdk] = (await medians(runs, [() => parseActivityFile(bytes, name.replace(/\.gz$/, '')), () => sdkDecode(bytes)])) as [number, number];
    // The SDK stops at the first compressed-timestamp header (expected.json notes): no fair ratio.
    const fair = sdkCheck.errors === 0;
    if (fair) ratios.push(ours / sdk);
    console.log(
      row(
        [
          name,
          (bytes.length / 1024).toFixed(0),
          ours.toFixed(1),
          (mb(bytes.length) / (ours / 1000)).toFixed(1),
          sdk.toFixed(1),
          fair ? `${(ours / sdk).toFixed(2)}×` : 'n/a',
          fair ? (ours / sdk <= 2 ? 'ok' : 'SLOW') : 'sdk err',
        ],
        fitWidths,
      ),
    );
  }
  ratios.sort((a, b) => a - b);
  console.log(
    `\nratio ours/fitsdk: median ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)}×, worst ${ratios[ratios.length - 1]!.toFixed(2)}× (target ≤ 2×)\n`,
  );

  const xmlWidths = [44, 9, 10, 8, 11];
  console.log(row(['GPX/TCX file (inflated)', 'KiB', 'ours ms', 'MB/s', 'activities'], xmlWidths));
  for (const dir of ['gpx', 'tcx']) {
    for (const { name, bytes } of load(dir)) {
      const file = name.replace(/\.gz$/, '');
      const count = (await parseActivityFile(bytes, file)).length;
      const [ours] = (await medians(runsFor(bytes.length), [() => parseActivityFile(bytes, file)])) as [number];
      console.log(row([name, (bytes.length / 1024).toFixed(0), ours.toFixed(1), (mb(bytes.length) / (ours / 1000)).toFixed(1), count], xmlWidths));
    }
  }
  console.log(`\npeak RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
