import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseActivityFile } from '../../server/formats';
import { ELEVATION_HYSTERESIS_M, elevationGainLoss } from '../../server/formats/metrics/elevation';

// Why the elevation dead band is 3 m: point-based ascent of every corpus file beside the
// device's own total (FIT session, mostly barometric) or the raw sum of GPX/TCX altitudes, for
// our band and for wider bands and moving averages. Run: npx tsx bench/formats/elevation-calibration.ts

const corpus = process.env.CORPUS_DIR ?? resolve(process.cwd(), '../shared/corpus');
const files = JSON.parse(readFileSync(resolve(corpus, 'expected.json'), 'utf8')).files as Array<Record<string, unknown>>;

/** Altitudes averaged over a centred time window, gaps kept out of the mean. */
function movingAverage(altitudes: readonly (number | null)[], time: readonly number[], windowSeconds: number): (number | null)[] {
  return altitudes.map((_, i) => {
    let sum = 0;
    let count = 0;
    const add = (j: number) => {
      if (altitudes[j] == null) return;
      sum += altitudes[j]!;
      count += 1;
    };
    for (let j = i; j >= 0 && time[i]! - time[j]! <= windowSeconds / 2; j--) add(j);
    for (let j = i + 1; j < altitudes.length && time[j]! - time[i]! <= windowSeconds / 2; j++) add(j);
    return count ? sum / count : null;
  });
}

/** The same dead band as the product, with another width. */
function gainWithBand(altitudes: readonly (number | null)[], band: number): number {
  let turn: number | null = null;
  let extreme = 0;
  let direction = 0;
  let gain = 0;
  for (const a of altitudes) {
    if (a == null || a < -450) continue;
    if (turn === null) {
      turn = extreme = a;
    } else if (direction === 0) {
      if (Math.abs(a - turn) >= band) {
        direction = Math.sign(a - turn);
        extreme = a;
      }
    } else if (direction * (a - extreme) > 0) {
      extreme = a;
    } else if (Math.abs(extreme - a) >= band) {
      if (direction === 1) gain += extreme - turn;
      turn = extreme;
      extreme = a;
      direction = -direction;
    }
  }
  return direction === 1 && turn !== null ? gain + extreme - turn : gain;
}

async function main() {
  const rows = [];
  for (const f of files) {
    const reference = f.total_ascent ?? (f.total_ascent_raw_m != null ? `raw ${f.total_ascent_raw_m}` : null);
    if (f.expected_outcome !== 'accept' || reference == null) continue;
    const [activity] = await parseActivityFile(readFileSync(resolve(corpus, String(f.file))), String(f.file));
    const altitudes = activity?.streams.altitude;
    if (!activity || !altitudes?.length) continue;
    const time = activity.streams.time;
    rows.push({
      file: String(f.file),
      reference,
      [`ours (${ELEVATION_HYSTERESIS_M} m band)`]: Math.round(elevationGainLoss(altitudes)?.gain ?? 0),
      '5 m band': Math.round(gainWithBand(altitudes, 5)),
      '10 m band': Math.round(gainWithBand(altitudes, 10)),
      '30 s mean + 3 m': Math.round(gainWithBand(movingAverage(altitudes, time, 30), 3)),
    });
  }
  console.table(rows);
}

void main();
