import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Papa from 'papaparse';
import { CORPUS_DIR } from '@/server/formats/test-support/corpus';
import { writeZip, type ZipEntryInput } from '@/server/formats/archive/test-support/zip-writer';
import { tinyJpeg } from '@/server/formats/archive/test-support/images';

// A Strava export built from the shared corpus: the real 1,076-row activities.csv, bikes.csv and
// shoes.csv, and each accepted corpus activity file stored under the Filename of a manifest row
// with the same kind of file (gzipped when the row says .gz). The other rows' files are missing.
// Rows with photos are taken first, then in manifest order, so the assignment is stable.

export interface Assignment {
  corpusFile: string;
  path: string;
  row: Record<string, string>;
}

export interface CorpusExport {
  entries: ZipEntryInput[];
  assignments: Assignment[];
  manifestRows: number;
}

const ACCEPTED_DIRS = ['fit', 'gpx', 'tcx'];

function corpusFiles(): string[] {
  return ACCEPTED_DIRS.flatMap((dir) =>
    readdirSync(join(CORPUS_DIR, dir))
      .sort()
      .map((f) => `${dir}/${f}`),
  );
}

/** Manifest rows (objects by first occurrence of each header) with their Filename kind. */
function manifestRows(text: string): Record<string, string>[] {
  const [header, ...records] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' }).data;
  return records.map((r) => {
    const row: Record<string, string> = {};
    header!.forEach((h, i) => {
      if (!(h in row)) row[h] = r[i] ?? '';
    });
    return row;
  });
}

const kindOf = (name: string) => /\.(fit|gpx|tcx)(\.gz)?$/i.exec(name)![1]!.toLowerCase();

export interface CorpusExportOptions {
  /** which accepted corpus files to include (default: all) */
  include?: (corpusFile: string) => boolean;
  /** extra corpus files (e.g. from bad/) to include like the accepted ones */
  extraFiles?: string[];
  /** rewrites the manifest text before it is stored (e.g. to set one row's date) */
  editManifest?: (text: string, assignments: Assignment[]) => string;
  /** media files by name (`media/<uuid>.jpg`) */
  media?: Record<string, Buffer>;
}

export function corpusExport(options: CorpusExportOptions = {}): CorpusExport {
  const manifest = readFileSync(join(CORPUS_DIR, 'csv/activities.csv'), 'utf8');
  const rows = manifestRows(manifest);
  const used = new Set<number>();
  const assignments: Assignment[] = [];
  for (const corpusFile of [...corpusFiles().filter(options.include ?? (() => true)), ...(options.extraFiles ?? [])]) {
    const fits = (r: Record<string, string>, i: number) => !used.has(i) && r.Filename!.endsWith('.gz') && kindOf(r.Filename!) === kindOf(corpusFile);
    // rows with photos first, so the export exercises Media (and, in this manifest, gear)
    const withMedia = rows.findIndex((r, i) => fits(r, i) && r.Media !== '');
    const index = withMedia >= 0 ? withMedia : rows.findIndex(fits);
    used.add(index);
    assignments.push({ corpusFile, path: rows[index]!.Filename!, row: rows[index]! });
  }
  const entries: ZipEntryInput[] = [
    { name: 'activities.csv', data: Buffer.from(options.editManifest?.(manifest, assignments) ?? manifest) },
    { name: 'bikes.csv', data: readFileSync(join(CORPUS_DIR, 'csv/bikes.csv')) },
    { name: 'shoes.csv', data: readFileSync(join(CORPUS_DIR, 'csv/shoes.csv')) },
    ...assignments.map(({ corpusFile, path }) => {
      const bytes = readFileSync(join(CORPUS_DIR, corpusFile));
      return { name: path, data: corpusFile.endsWith('.gz') ? bytes : gzipSync(bytes), method: 'store' as const };
    }),
    ...Object.entries(options.media ?? {}).map(([name, data]) => ({ name, data, method: 'store' as const })),
  ];
  return { entries, assignments, manifestRows: rows.length };
}

export async function writeCorpusExport(path: string, options: CorpusExportOptions = {}): Promise<CorpusExport> {
  const built = corpusExport(options);
  await writeZip(path, built.entries);
  return built;
}

export { tinyJpeg };
