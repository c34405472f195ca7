import Papa from 'papaparse';
import { ACTIVITY_FIELDS, type ActivityField, type FieldSpec } from '@/server/activity-fields';
import { isActivityType } from '@/server/formats/activity-types';
import { STRAVA_ACTIVITY_TYPE_NAMES, stravaActivityDate } from '@/server/formats/strava-layout';
import { EXPORT_CSV_OPTIONS } from './csv-options';
import type { ExportActivity } from './list-export-activities';

// activities.csv in Strava's column order and header names (the spec's eight manifest headers
// among them), keeping only the columns we hold, each once. Units are SI, as stored: metres,
// seconds, m/s, bpm, watts, rpm/spm, kcal (README "Account export").
// A header without a function is a figure's column: the activity field whose `csv` it is
// (server/activity-fields.ts).
const COLUMNS: [header: string, value?: (a: ExportActivity) => string][] = [
  ['Activity ID', (a) => String(a.id)],
  ['Activity Date', (a) => stravaActivityDate(a.startTime)],
  ['Activity Name', (a) => a.name],
  ['Activity Type', (a) => (isActivityType(a.activityType) ? STRAVA_ACTIVITY_TYPE_NAMES[a.activityType] : a.activityType)],
  ['Activity Description', (a) => a.description ?? ''],
  ['Elapsed Time'],
  ['Distance'],
  ['Max Heart Rate'],
  ['Activity Gear', (a) => a.gearName ?? ''],
  ['Filename', (a) => a.filename ?? ''],
  ['Moving Time'],
  ['Max Speed'],
  ['Average Speed'],
  ['Elevation Gain'],
  ['Elevation Loss'],
  ['Max Cadence'],
  ['Average Cadence'],
  ['Average Heart Rate'],
  ['Max Watts'],
  ['Average Watts'],
  ['Calories'],
  ['Weighted Average Power'],
  ['Media', (a) => a.media.map((m) => m.name).join('|')],
];

/** The field whose column `header` is: a header of COLUMNS that is none, or a field's column that is not placed, fails at load. */
function csvField(header: string): ActivityField {
  const field = ACTIVITY_FIELDS.find((f: FieldSpec) => f.csv === header);
  if (!field) throw new Error(`activities.csv: no activity field has the column "${header}"`);
  return field;
}
for (const field of ACTIVITY_FIELDS as readonly FieldSpec[])
  if (field.csv && !COLUMNS.some(([header]) => header === field.csv)) throw new Error(`activities.csv: place the column "${field.csv}" in COLUMNS`);

export const ACTIVITIES_CSV_HEADERS = COLUMNS.map(([header]) => header);

// Figures as stored, to the last digit (JavaScript's shortest exact form, never an exponent for
// activity figures): the manifest's Elapsed Time, Moving Time, Distance and Elevation Gain become
// the activity's figures again when the archive is imported (CONTRACT: Beyond the spec … Imported
// history), so a round trip keeps them exactly.
const figure = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

const VALUES = COLUMNS.map(([header, value]) => {
  if (value) return value;
  const { name } = csvField(header);
  return (a: ExportActivity) => figure(a[name]);
});

export function activitiesCsv(rows: ExportActivity[]): string {
  const data = rows.map((a) => VALUES.map((value) => value(a)));
  return Papa.unparse({ fields: ACTIVITIES_CSV_HEADERS, data }, EXPORT_CSV_OPTIONS);
}
