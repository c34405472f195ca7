/**
 * Real-history figures: `npx tsx bench/real-history/figures.ts [--files]`.
 *
 * Parses every file of ../shared/real-history/files as an upload does (parseActivityFile, then
 * prepareActivity for the best efforts) and prints, per Strava activity type, how many figures are
 * within the README's tolerances (within/compared). `--files` also lists each figure outside its
 * tolerance with ours beside Strava's. REAL_HISTORY_DIR overrides the folder. Not a test: the
 * real-history test asserts the shares; this shows where they stand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseActivityFile } from '../../server/formats/index';
import { activityFamily } from '../../server/formats/activity-types';
import { prepareActivity } from '../../server/services/ingestion/prepare-activity';
import {
  FIGURES,
  REAL_HISTORY_DIR,
  formatTally,
  judge,
  readStravaFigures,
  tally,
  type OurFigures,
  type Verdicts,
} from '../../server/formats/test-support/real-history';

async function main(): Promise<void> {
  const listFiles = process.argv.includes('--files');
  const rows: { sport: string; verdicts: Verdicts }[] = [];
  for (const strava of readStravaFigures()) {
    const bytes = fs.readFileSync(path.join(REAL_HISTORY_DIR, 'files', strava.localName));
    const [parsed] = await parseActivityFile(bytes, strava.localName);
    if (!parsed) continue;
    const prepared = prepareActivity(parsed);
    const ours: OurFigures = {
      distance: parsed.distance,
      elapsedTime: parsed.totalElapsedTime,
      movingTime: parsed.movingTime,
      elevationGain: parsed.elevationGain,
      maxSpeed: parsed.maxSpeed,
      family: activityFamily(parsed.activityType),
      bestEfforts: prepared.derived.efforts.bestEfforts,
    };
    const verdicts = judge(ours, strava);
    rows.push({ sport: strava.activityType, verdicts });
    if (listFiles) {
      const theirs = {
        distance: strava.distance,
        elapsed: strava.elapsedTime,
        moving: strava.movingTime,
        elevation: strava.elevationGain,
        maxSpeed: strava.maxSpeed,
      };
      const mine = { distance: ours.distance, elapsed: ours.elapsedTime, moving: ours.movingTime, elevation: ours.elevationGain, maxSpeed: ours.maxSpeed };
      for (const figure of FIGURES)
        if (verdicts[figure] === false) {
          const o = figure === 'efforts' ? JSON.stringify(ours.bestEfforts.slice(0, 3)) : (mine[figure as keyof typeof mine] ?? null)?.toFixed(1);
          const t = figure === 'efforts' ? '' : theirs[figure as keyof typeof theirs];
          console.log(
            `${strava.localName}\t${strava.activityType}/${parsed.activityType}\t${strava.elevationSource}\t${figure}\tours ${o}\tstrava ${t}\t${strava.note}`,
          );
        }
    }
  }
  console.log(formatTally(tally(rows)));
}

void main();
