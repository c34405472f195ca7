/**
 * Moving time over the whole corpus: `npx tsx bench/imported-history/corpus-moving-time.ts`.
 *
 * For every accepted corpus file (FIT, GPX, TCX; every activity of a multisport file): type,
 * distance, elapsed, timer and moving time, stored max speed and distance / moving_time, then the
 * worst distance / moving_time per sport family. `JSON=1` prints one JSON line per activity
 * instead (to compare two trees: run it before and after a change).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseActivityFile, type ParsedActivity } from '../../server/formats/index';
import { activityFamily, isActivityType } from '../../server/formats/activity-types';

const CORPUS_DIR = process.env.CORPUS_DIR ?? path.resolve(process.cwd(), '../shared/corpus');

interface Row {
  file: string;
  index: number;
  type: string;
  distance: number | null;
  elapsed: number | null;
  timer: number | null;
  moving: number | null;
  maxSpeed: number | null;
}

export async function corpusActivities(): Promise<{ file: string; activities: ParsedActivity[] }[]> {
  const expected = JSON.parse(fs.readFileSync(path.join(CORPUS_DIR, 'expected.json'), 'utf8')) as {
    files: { file: string; format: string; expected_outcome: string }[];
  };
  const out: { file: string; activities: ParsedActivity[] }[] = [];
  for (const f of expected.files) {
    if (f.format === 'csv' || f.expected_outcome !== 'accept') continue;
    out.push({ file: f.file, activities: await parseActivityFile(fs.readFileSync(path.join(CORPUS_DIR, f.file)), path.basename(f.file)) });
  }
  return out;
}

export const familyOf = (type: string): string => (isActivityType(type) ? String(activityFamily(type)) : type);

export function worstPerFamily(
  rows: { type: string; distance: number | null; moving: number | null; label: string }[],
): Map<string, { speed: number; label: string }> {
  const worst = new Map<string, { speed: number; label: string }>();
  for (const r of rows) {
    if (!r.distance || !r.moving) continue;
    const speed = r.distance / r.moving;
    const family = familyOf(r.type);
    if (!worst.has(family) || worst.get(family)!.speed < speed) worst.set(family, { speed, label: r.label });
  }
  return worst;
}

async function main() {
  const rows: Row[] = [];
  for (const { file, activities } of await corpusActivities()) {
    activities.forEach((a, index) =>
      rows.push({
        file,
        index,
        type: a.activityType,
        distance: a.distance,
        elapsed: a.totalElapsedTime,
        timer: a.totalTimerTime,
        moving: a.movingTime,
        maxSpeed: a.maxSpeed,
      }),
    );
  }
  if (process.env.JSON) {
    for (const r of rows) console.log(JSON.stringify(r));
    return;
  }
  const n = (v: number | null, digits = 0) => (v === null ? '—' : v.toFixed(digits));
  console.log('file#i | type | distance m | elapsed s | timer s | moving s | max m/s | distance/moving m/s');
  for (const r of rows) {
    const ratio = r.distance && r.moving ? r.distance / r.moving : null;
    console.log(
      `${r.file}#${r.index} | ${r.type} | ${n(r.distance)} | ${n(r.elapsed)} | ${n(r.timer)} | ${n(r.moving)} | ${n(r.maxSpeed, 2)} | ${n(ratio, 2)}`,
    );
  }
  console.log('\nworst distance / moving_time per sport family:');
  for (const [family, w] of worstPerFamily(rows.map((r) => ({ ...r, label: `${r.file}#${r.index}` })))) {
    console.log(`  ${family}: ${w.speed.toFixed(2)} m/s (${w.label})`);
  }
}

if (process.argv[1]?.endsWith('corpus-moving-time.ts')) void main();
