import Papa from 'papaparse';
import { ArchiveRefused } from './archive-refused';
import { parseActivityDate } from './activity-date';

// spec: Provider export files: activities.csv, required headers below, rows keyed by the base name
// of Filename. The real file repeats header names (`Elapsed Time`, `Distance`, `Max Heart Rate`
// … appear twice with different units), so columns are addressed by name AND occurrence, never
// through papaparse's header mode, which would let the second copy overwrite the first.

export const MANIFEST_HEADERS = [
  'Filename',
  'Activity ID',
  'Activity Name',
  'Activity Description',
  'Activity Type',
  'Activity Date',
  'Activity Gear',
  'Media',
] as const;

/**
 * CONTRACT: Beyond the spec … Imported history: the figures a row may give, Strava's values for the
 * activity (computed from the original recording; the export's file is often thinned). Keys are
 * ParsedActivity's names; a figure is absent when no column gives a readable value.
 */
export interface ManifestFigures {
  totalElapsedTime?: number;
  movingTime?: number;
  distance?: number;
  elevationGain?: number;
}

/**
 * Header names of each figure, as Strava's exports and ours spell them. Strava's export repeats
 * `Elapsed Time` (whole seconds, then seconds) and `Distance` (display units, then metres): the
 * last occurrence is the SI one, so occurrences are read from the last; an earlier `Distance` is
 * in display units and is never read when a later one exists. Times must be > 0, the rest ≥ 0.
 */
const FIGURE_COLUMNS: { figure: keyof ManifestFigures; headers: string[]; lastOnly: boolean; positive: boolean }[] = [
  { figure: 'totalElapsedTime', headers: ['Elapsed Time', 'Elapsed Time (s)'], lastOnly: false, positive: true },
  { figure: 'movingTime', headers: ['Moving Time', 'Moving Time (s)'], lastOnly: false, positive: true },
  { figure: 'distance', headers: ['Distance', 'Distance (m)'], lastOnly: true, positive: false },
  { figure: 'elevationGain', headers: ['Elevation Gain', 'Elevation Gain (m)'], lastOnly: false, positive: false },
];

export interface ManifestRow {
  /** data row number (1 = first row after the header), for error messages */
  row: number;
  filename: string;
  /** integer Activity ID; spec: "an invalid id is ignored" */
  activityId: number | null;
  name: string | null;
  description: string | null;
  type: string | null;
  /** Activity Date as UTC, null when unreadable */
  date: Date | null;
  gear: string | null;
  /** names from Media, relative to the export root (`media/<name>`) */
  media: string[];
  figures: ManifestFigures;
}

export interface Manifest {
  /** by base name of Filename (rows without a Filename are left out: they name no file) */
  byBaseName: Map<string, ManifestRow>;
  /** rows without a Filename: Strava's manual entries (CONTRACT: … Hand-made activities), `filename` empty */
  withoutFile: ManifestRow[];
  rowCount: number;
}

export const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

const text = (value: string | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** Header name → the column index of each occurrence, in order. */
function columnIndex(header: string[]): Map<string, number[]> {
  const columns = new Map<string, number[]>();
  header.forEach((raw, index) => {
    const name = raw.replace(/^\uFEFF/, '').trim();
    columns.set(name, [...(columns.get(name) ?? []), index]);
  });
  return columns;
}

/** A cell as a figure: a plain decimal number (empty, text, or out of range → undefined). */
function figureOf(cell: string | undefined, positive: boolean): number | undefined {
  const trimmed = cell?.trim() ?? '';
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) && (positive ? value > 0 : value >= 0) ? value : undefined;
}

function figuresOf(record: string[], columns: Map<string, number[]>): ManifestFigures {
  const figures: ManifestFigures = {};
  for (const { figure, headers, lastOnly, positive } of FIGURE_COLUMNS) {
    for (const header of headers) {
      const indexes = columns.get(header) ?? [];
      const candidates = lastOnly ? indexes.slice(-1) : indexes.slice().reverse();
      const value = candidates.map((i) => figureOf(record[i], positive)).find((v) => v !== undefined);
      if (value !== undefined) {
        figures[figure] = value;
        break;
      }
    }
  }
  return figures;
}

export function parseManifest(csv: string): Manifest {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { header: false, skipEmptyLines: 'greedy', delimiter: ',' });
  const broken = parsed.errors.find((e) => e.type === 'Quotes' || e.type === 'Delimiter');
  if (broken) throw new ArchiveRefused(`activities.csv cannot be parsed: ${broken.message} (row ${(broken.row ?? 0) + 2}).`);
  const [header = [], ...records] = parsed.data;
  const columns = columnIndex(header);
  const missing = MANIFEST_HEADERS.filter((h) => !columns.has(h));
  if (missing.length) {
    throw new ArchiveRefused(`activities.csv lacks the required header${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`);
  }
  const cell = (record: string[], name: (typeof MANIFEST_HEADERS)[number], occurrence = 0) => record[columns.get(name)![occurrence]!];
  const byBaseName = new Map<string, ManifestRow>();
  const withoutFile: ManifestRow[] = [];
  records.forEach((record, index) => {
    const filename = text(cell(record, 'Filename')) ?? '';
    const id = text(cell(record, 'Activity ID'));
    const activityId = id && /^\d{1,15}$/.test(id) ? Number(id) : null;
    const row: ManifestRow = {
      row: index + 1,
      filename,
      activityId,
      name: text(cell(record, 'Activity Name')),
      description: text(cell(record, 'Activity Description')),
      type: text(cell(record, 'Activity Type')),
      date: parseActivityDate(cell(record, 'Activity Date')),
      gear: text(cell(record, 'Activity Gear')),
      media: (cell(record, 'Media') ?? '')
        .split('|')
        .map((m) => m.trim())
        .filter(Boolean)
        .map((m) => (m.startsWith('media/') ? m : `media/${m}`)),
      figures: figuresOf(record, columns),
    };
    if (filename) byBaseName.set(baseName(filename), row);
    else withoutFile.push(row);
  });
  return { byBaseName, withoutFile, rowCount: records.length };
}
