import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { Decoder, Stream } from '@garmin/fitsdk';
import { decodeFit } from '../../server/formats/fit/decode';
import { parseFit } from '../../server/formats/fit/parse-fit';
import { splitRecords } from '../../server/formats/fit/records';
import { samplesFromRecords } from '../../server/formats/fit/samples';
import { scanFit } from '../../server/formats/fit/scan';
import { prepareActivity } from '../../server/services/ingestion/prepare-activity';

// What a parse worker spends on a FIT file, in this process, side by side in one run, rounds
// alternating so the machine's load falls on all alike:
//   npx tsx bench/ingest/fit-decode.ts [file relative to the corpus] [rounds, default 40]
// - records through fit-file-parser: the whole file decoded, each record an object, then samples
// - records read directly (splitRecords) and fit-file-parser on the rest, as parseFit does
// - parseFit, and parseFit plus prepareActivity (the upload worker's whole task)
// - the Garmin FIT SDK's decode (Decoder.read()), the anchor of the upload target
// Each figure is the median wall ms, then the median CPU ms of this process (all threads, GC too).

const rel = process.argv[2] ?? 'fit/garmin_edge500_ride_3h31.fit';
const ROUNDS = Number(process.argv[3] ?? 40);
const corpus = resolve(process.env.CORPUS_DIR ?? join(process.cwd(), '../shared/corpus'));
const raw = readFileSync(join(corpus, rel));
const bytes = new Uint8Array(raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw);

const records = scanFit(bytes, 2_000_000, 4_000_000).records;

const cases: Record<string, () => unknown> = {
  'records through fit-file-parser': () => samplesFromRecords(decodeFit(bytes).records),
  'records read directly': () => {
    const split = splitRecords(bytes, records);
    return split && decodeFit(split.rest);
  },
  parseFit: () => parseFit(bytes, 2_000_000),
  'parseFit + prepareActivity': () => parseFit(bytes, 2_000_000).map(prepareActivity),
  'FIT SDK decode': () => new Decoder(Stream.fromBuffer(Buffer.from(bytes))).read(),
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

console.log(`${rel} (${bytes.length} bytes), ${ROUNDS} rounds after 10 warm-up; ${execSync('uptime').toString().trim()}`);
for (const run of Object.values(cases)) for (let i = 0; i < 10; i++) run();
const wall: Record<string, number[]> = {};
const cpu: Record<string, number[]> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of Object.entries(cases)) {
    const [w, c] = [performance.now(), cpuMs()];
    run();
    (wall[name] ??= []).push(performance.now() - w);
    (cpu[name] ??= []).push(cpuMs() - c);
  }
}
const sdk = median(wall['FIT SDK decode']!);
for (const name of Object.keys(cases)) {
  const w = median(wall[name]!);
  console.log(
    `${name.padEnd(34)} ${w.toFixed(1).padStart(7)} ms (cpu ${median(cpu[name]!).toFixed(1).padStart(6)} ms) ${(w / sdk).toFixed(2).padStart(6)}× the SDK`,
  );
}
console.log(`after: ${execSync('uptime').toString().trim()}`);
