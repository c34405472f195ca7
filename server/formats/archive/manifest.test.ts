import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../test-support/corpus';
import { parseActivityDate } from './activity-date';
import { ArchiveRefused } from './archive-refused';
import { MANIFEST_HEADERS, parseManifest } from './manifest';

const realManifest = readFileSync(join(CORPUS_DIR, 'csv/activities.csv'), 'utf8');

describe('activities.csv manifest (spec "Provider export files")', () => {
  it('reads all 1,076 rows of the real export, keyed by the base name of Filename, despite quoted line breaks', () => {
    const manifest = parseManifest(realManifest);
    expect(manifest.rowCount).toBe(1076);
    expect(manifest.byBaseName.size).toBe(1076);
    const first = manifest.byBaseName.get('8860310457.tcx.gz')!;
    expect(first).toMatchObject({ activityId: 8266525121, name: 'Night Workout', type: 'Crossfit', gear: null, media: [], description: null });
    expect(first.date?.toISOString()).toBe('2022-12-19T11:37:07.000Z');
  });

  it('addresses repeated header names by occurrence: the first "Elapsed Time" is not overwritten by the second', () => {
    const csv =
      '\uFEFFFilename,Activity ID,Activity Name,Activity Description,Activity Type,Activity Date,Activity Gear,Media,Activity Name\n' +
      'activities/1.gpx,1,"First\nline",,Run,"Oct 21, 2023, 8:13:28 AM",Asics+01,a.jpg|media/b.png,Second\n';
    const row = parseManifest(csv).byBaseName.get('1.gpx')!;
    expect(row.name).toBe('First\nline');
    expect(row.gear).toBe('Asics+01');
    expect(row.media).toEqual(['media/a.jpg', 'media/b.png']);
    expect(row.date?.toISOString()).toBe('2023-10-21T08:13:28.000Z');
  });

  it('keeps the Activity ID only when it is an integer (spec: an invalid id is ignored)', () => {
    const header = MANIFEST_HEADERS.join(',');
    const manifest = parseManifest(`${header}\nactivities/a.gpx,12x,,,,,,\nactivities/b.gpx, 42 ,,,,,,\n`);
    expect(manifest.byBaseName.get('a.gpx')!.activityId).toBeNull();
    expect(manifest.byBaseName.get('b.gpx')!.activityId).toBe(42);
  });

  it('a manifest without required headers is refused naming every missing header', () => {
    const csv = 'Filename,Activity ID,Activity Name,Activity Type,Activity Date\nactivities/1.gpx,1,a,Run,x\n';
    expect(() => parseManifest(csv)).toThrow(ArchiveRefused);
    expect(() => parseManifest(csv)).toThrow('activities.csv lacks the required headers: Activity Description, Activity Gear, Media.');
  });
});

describe('Activity Date (spec: "Oct 21, 2023, 8:13:28 AM", compared as UTC)', () => {
  it.each([
    ['Oct 21, 2023, 8:13:28 AM', '2023-10-21T08:13:28.000Z'],
    ['Oct 21, 2023, 12:00:00 AM', '2023-10-21T00:00:00.000Z'],
    ['Oct 21, 2023, 12:13:28 PM', '2023-10-21T12:13:28.000Z'],
    ['Feb 29, 2024, 11:59:59 PM', '2024-02-29T23:59:59.000Z'],
    ['Mar 3, 2024, 7:05:09\u202fPM', '2024-03-03T19:05:09.000Z'],
  ])('%s → %s', (text, iso) => {
    expect(parseActivityDate(text)?.toISOString()).toBe(iso);
  });

  it.each(['', '2023-10-21T08:13:28Z', 'Foo 21, 2023, 8:13:28 AM', 'Feb 30, 2023, 8:13:28 AM', 'Oct 21, 2023, 13:13:28 PM'])('"%s" is not a date', (text) => {
    expect(parseActivityDate(text)).toBeNull();
  });

  it('every row of the real manifest has a readable date', () => {
    const rows = [...parseManifest(realManifest).byBaseName.values()];
    expect(rows.filter((r) => r.date === null)).toEqual([]);
  });
});

describe('figures from the manifest (CONTRACT: Beyond the spec … Imported history)', () => {
  const REQUIRED = 'Filename,Activity ID,Activity Name,Activity Description,Activity Type,Activity Date,Activity Gear,Media';
  const rowOf = (header: string, cells: string) =>
    parseManifest(`${REQUIRED},${header}\nactivities/1.gpx,1,a,,Run,"Oct 21, 2023, 8:13:28 AM",,,${cells}\n`).byBaseName.get('1.gpx')!;

  it("Strava's real export: the SI occurrence of each repeated column (Distance in metres, not the display km)", () => {
    // row 2 of the corpus manifest: Walk, Elapsed Time 1451 / 1451.0, Moving Time 1150.0, Distance 1.69 / 1698.549072265625
    const row = parseManifest(realManifest).byBaseName.get('8860310523.gpx.gz')!;
    expect(row.figures).toEqual({ totalElapsedTime: 1451, movingTime: 1150, distance: 1698.549072265625, elevationGain: 0 });
  });

  it("our own export's single columns, and Strava's header variants with units", () => {
    expect(rowOf('Elapsed Time,Distance,Moving Time,Elevation Gain', '3600,10000.5,3500,120.25').figures).toEqual({
      totalElapsedTime: 3600,
      movingTime: 3500,
      distance: 10000.5,
      elevationGain: 120.25,
    });
    expect(rowOf('Elapsed Time (s),Distance (m),Moving Time (s),Elevation Gain (m)', '60,200,50,3').figures).toEqual({
      totalElapsedTime: 60,
      movingTime: 50,
      distance: 200,
      elevationGain: 3,
    });
  });

  it('empty or unparsable cells are ignored; a repeated time column falls back to its other copy, a repeated Distance never does', () => {
    expect(rowOf('Elapsed Time,Distance,Elapsed Time,Moving Time,Distance,Elevation Gain', '1200,2.5,,abc,,-3').figures).toEqual({ totalElapsedTime: 1200 });
    expect(rowOf('Elapsed Time,Moving Time', '0,1e3').figures).toEqual({});
  });
});
