import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { activitiesCsv } from './activities-csv';
import type { ExportActivity } from './list-export-activities';

// Activity and gear names come from files and from Strava (other people). A cell
// starting with =, +, -, @, tab or CR is a formula to a spreadsheet program: it is written with a
// leading apostrophe. Numbers, negative ones included, stay numbers.

function row(name: string, extra: Partial<ExportActivity> = {}): ExportActivity {
  return {
    id: 1,
    startTime: new Date('2026-01-05T07:00:00Z'),
    name,
    activityType: 'run',
    description: null,
    gearName: null,
    filename: null,
    media: [],
    ...extra,
  } as ExportActivity;
}

const cellsOf = (csv: string) => Papa.parse<Record<string, string>>(csv, { header: true }).data[0]!;

describe('activities.csv cells', () => {
  it.each(['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\tTab', '\rCR'])('%j is written with a leading apostrophe', (name) => {
    expect(cellsOf(activitiesCsv([row(name)]))['Activity Name']).toBe(`'${name}`);
  });

  it('ordinary names, gear and a negative figure are written as they are', () => {
    const cells = cellsOf(activitiesCsv([row('Morning run - easy', { gearName: '@home bike', elevationLoss: -12.5 } as Partial<ExportActivity>)]));
    expect(cells['Activity Name']).toBe('Morning run - easy');
    expect(cells['Activity Gear']).toBe("'@home bike");
    expect(cells['Elevation Loss']).toBe('-12.5');
  });
});
