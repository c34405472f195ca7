import Papa from 'papaparse';
import { isActivityType } from '@/server/formats/activity-types';
import { STRAVA_ACTIVITY_TYPE_NAMES, stravaActivityDate } from '@/server/formats/strava-layout';
import { EXPORT_CSV_OPTIONS } from './csv-options';
import type { ExportActivity } from './list-export-activities';

// activities.csv in Strava's column order and header names (the spec's eight manifest headers
// among them), keeping only the columns we hold, each once. Units are SI, as stored: metres,
// seconds, m/s, bpm, watts, rpm/spm, kcal (README "Account export").
type Figure = keyof ExportActivity;
const COLUMNS: [header: string, value: Figure | ((a: ExportActivity) => string)][] = [
  ['Activity ID', (a) => String(a.id)],
  ['Activity Date', (a) => stravaActivityDate(a.startTime)],
  ['Activity Name', (a) => a.name],
  ['Activity Type', (a) => (isActivityType(a.activityType) ? STRAVA_ACTIVITY_TYPE_NAMES[a.activityType] : a.activityType)],
  ['Activity Description', (a) => a.description ?? ''],
  ['Elapsed Time', 'totalElapsedTime'],
  ['Distance', 'distance'],
  ['Max Heart Rate', 'maxHr'],
  ['Activity Gear', (a) => a.gearName ?? ''],
  ['Filename', (a) => a.filename ?? ''],
  ['Moving Time', 'movingTime'],
  ['Max Speed', 'maxSpeed'],
  ['Average Speed', 'averageSpeed'],
  ['Elevation Gain', 'elevationGain'],
  ['Elevation Loss', 'elevationLoss'],
  ['Max Cadence', 'maxCadence'],
  ['Average Cadence', 'averageCadence'],
  ['Average Heart Rate', 'averageHr'],
  ['Max Watts', 'maxPower'],
  ['Average Watts', 'averagePower'],
  ['Calories', 'calories'],
  ['Weighted Average Power', 'normalizedPower'],
  ['Media', (a) => a.media.map((m) => m.name).join('|')],
];

export const ACTIVITIES_CSV_HEADERS = COLUMNS.map(([header]) => header);

// Figures as stored, to the last digit (JavaScript's shortest exact form, never an exponent for
// activity figures): the manifest's Elapsed Time, Moving Time, Distance and Elevation Gain become
// the activity's figures again when the archive is imported (CONTRACT: Beyond the spec … Imported
// history), so a round trip keeps them exactly.
const figure = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

export function activitiesCsv(rows: ExportActivity[]): string {
  const data = rows.map((a) => COLUMNS.map(([, value]) => (typeof value === 'function' ? value(a) : figure(a[value]))));
  return Papa.unparse({ fields: ACTIVITIES_CSV_HEADERS, data }, EXPORT_CSV_OPTIONS);
}
