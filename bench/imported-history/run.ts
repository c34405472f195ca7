/**
 * Imported history, the note of issue 29: `npx tsx bench/imported-history/run.ts`.
 *
 * Builds a Strava export of our own making from the corpus: every accepted corpus activity with a
 * GPS track becomes a GPX thinned the way Strava's export thins it (a point every 60 s, 300 s or
 * 600 s, in turn), the others keep their file; activities.csv has Strava's header layout
 * (`Elapsed Time` and `Distance` twice, display units first) and, as Strava's figures, those of
 * the full recording. The export is then read the way the import reads it (parseManifest, the
 * parse of each file, withManifestFigures) and the script prints:
 *  - the share of activities whose elapsed time equals the manifest's, without and with the
 *    manifest's figures (target 100 % with them);
 *  - the worst distance / moving_time per sport family: over the whole corpus as recorded, and
 *    over the thinned export (file figures alone, then with the manifest's).
 * Storing is left out (archive-import.int.test.ts imports the corpus export through the job on
 * both engines); this measures the figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { parseActivityFile, type ParsedActivity } from '../../server/formats/index';
import { parseManifest } from '../../server/formats/archive/manifest';
import { STRAVA_ACTIVITY_TYPE_NAMES, stravaActivityDate } from '../../server/formats/strava-layout';
import { withManifestFigures } from '../../server/services/archive-import/manifest-figures';
import { prepareActivity } from '../../server/services/ingestion/prepare-activity';
import { corpusActivities, worstPerFamily } from './corpus-moving-time';

const THINNING_S = [60, 300, 600];

/** A GPX of an activity's positions, keeping a point every `every` seconds (and the last one). */
function thinnedGpx(a: ParsedActivity, every: number): string | null {
  const { time, lat, lon, altitude } = a.streams ?? {};
  if (!time || !lat || !lon) return null;
  const points: string[] = [];
  let last = -Infinity;
  for (let i = 0; i < time.length; i++) {
    const t = time[i];
    if (t === null || t === undefined || lat[i] == null || lon[i] == null) continue;
    const isLast = i === time.length - 1;
    if (t - last < every && !isLast) continue;
    last = t;
    const ele = altitude?.[i] != null ? `<ele>${altitude[i]}</ele>` : '';
    points.push(`<trkpt lat="${lat[i]}" lon="${lon[i]}">${ele}<time>${new Date(a.startTime.getTime() + t * 1000).toISOString()}</time></trkpt>`);
  }
  if (points.length < 2) return null;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<gpx creator="StravaGPX" version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>${a.activityType}</type><trkseg>${points.join('')}</trkseg></trk></gpx>\n`;
}

interface ExportItem {
  filename: string;
  bytes: Buffer;
  strava: ParsedActivity;
}

async function main() {
  const items: ExportItem[] = [];
  let turn = 0;
  for (const { file, activities } of await corpusActivities()) {
    for (const [i, a] of activities.entries()) {
      const gpx = thinnedGpx(a, THINNING_S[turn++ % THINNING_S.length]!);
      // a multisport file without GPS keeps its file once, for its first activity
      if (!gpx && i > 0) continue;
      const filename = gpx
        ? `activities/${items.length + 1}.gpx`
        : `activities/${items.length + 1}${path.basename(file).slice(path.basename(file).indexOf('.'))}`;
      items.push({ filename, bytes: gpx ? Buffer.from(gpx) : fs.readFileSync(path.resolve(process.cwd(), '../shared/corpus', file)), strava: a });
    }
  }
  const header = [
    'Activity ID',
    'Activity Date',
    'Activity Name',
    'Activity Type',
    'Activity Description',
    'Elapsed Time',
    'Distance',
    'Activity Gear',
    'Filename',
  ];
  const tail = ['Elapsed Time', 'Moving Time', 'Distance', 'Elevation Gain', 'Media'];
  const rows = items.map(({ filename, strava: a }, i) => {
    const type = (STRAVA_ACTIVITY_TYPE_NAMES as Record<string, string>)[a.activityType] ?? 'Workout';
    const km = a.distance === null ? '' : (a.distance / 1000).toFixed(2);
    const figure = (v: number | null) => (v === null ? '' : String(v));
    return [
      String(9000 + i),
      stravaActivityDate(a.startTime),
      `Activity ${i + 1}`,
      type,
      '',
      String(Math.round(a.totalElapsedTime)),
      km,
      '',
      filename,
      figure(a.totalElapsedTime),
      figure(a.movingTime),
      figure(a.distance),
      figure(a.elevationGain),
      '',
    ];
  });
  const manifest = parseManifest(Papa.unparse({ fields: [...header, ...tail], data: rows }, { newline: '\n' }));

  let equalWithout = 0;
  let equalWith = 0;
  let manifestElapsed = 0;
  const fileRows: { type: string; distance: number | null; moving: number | null; label: string }[] = [];
  const withRows: typeof fileRows = [];
  for (const item of items) {
    const row = manifest.byBaseName.get(path.basename(item.filename))!;
    const parsed = await parseActivityFile(item.bytes, path.basename(item.filename));
    // the import keeps the activity at the manifest's time (a multisport file lists several)
    const file = parsed.reduce((best, a) =>
      Math.abs(a.startTime.getTime() - item.strava.startTime.getTime()) < Math.abs(best.startTime.getTime() - item.strava.startTime.getTime()) ? a : best,
    );
    const imported = withManifestFigures(prepareActivity(file), row.figures).activity;
    if (row.figures.totalElapsedTime !== undefined) {
      manifestElapsed++;
      if (Math.round(file.totalElapsedTime) === Math.round(row.figures.totalElapsedTime)) equalWithout++;
      if (imported.totalElapsedTime === row.figures.totalElapsedTime) equalWith++;
    }
    fileRows.push({ type: file.activityType, distance: file.distance, moving: file.movingTime, label: item.filename });
    withRows.push({ type: imported.activityType, distance: imported.distance, moving: imported.movingTime, label: item.filename });
  }
  const pct = (n: number) => `${((100 * n) / Math.max(1, manifestElapsed)).toFixed(1)} %`;
  console.log(
    `export: ${items.length} activities (${items.filter((i) => i.filename.endsWith('.gpx')).length} thinned GPX, a point every ${THINNING_S.join('/')} s)`,
  );
  console.log(`elapsed time equal to the manifest's (of ${manifestElapsed} rows giving it):`);
  console.log(`  from the file alone:        ${equalWithout} (${pct(equalWithout)})`);
  console.log(`  with the manifest's figures: ${equalWith} (${pct(equalWith)})`);

  const corpusRows = (await corpusActivities()).flatMap(({ file, activities }) =>
    activities.map((a, i) => ({ type: a.activityType, distance: a.distance, moving: a.movingTime, label: `${file}#${i}` })),
  );
  for (const [title, rowsOf] of [
    ['the whole corpus, as recorded', corpusRows],
    ['the thinned export, figures from the files', fileRows],
    ['the thinned export, with the manifest figures', withRows],
  ] as const) {
    console.log(`worst distance / moving_time per sport family, ${title}:`);
    for (const [family, w] of worstPerFamily([...rowsOf])) console.log(`  ${family}: ${w.speed.toFixed(2)} m/s (${w.label})`);
  }
}

void main();
