import Papa from 'papaparse';
import { AppError } from '@/server/errors';
import type { GearCsvKind } from './schemas';

// spec: Provider export files: bikes.csv needs Bike Name, Bike Brand, Bike Model; shoes.csv
// Shoe Name, Shoe Brand, Shoe Model. A file that lacks them or cannot be parsed is 424 with a
// detail saying which (spec: import rule).

export const GEAR_CSV_COLUMNS: Record<GearCsvKind, { name: string; brand: string; model: string }> = {
  bikes: { name: 'Bike Name', brand: 'Bike Brand', model: 'Bike Model' },
  shoes: { name: 'Shoe Name', brand: 'Shoe Brand', model: 'Shoe Model' },
};

export interface GearCsvRow {
  name: string;
  brand: string | null;
  model: string | null;
}

const failed = (detail: string) => new AppError('failed_dependency', { detail });
const clean = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

export function parseGearCsv(kind: GearCsvKind, text: string): GearCsvRow[] {
  const columns = GEAR_CSV_COLUMNS[kind];
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    delimiter: ',',
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  const broken = result.errors.find((e) => e.type === 'Quotes' || e.type === 'Delimiter');
  if (broken) throw failed(`The ${kind}.csv file cannot be parsed: ${broken.message} (row ${(broken.row ?? 0) + 2}).`);
  const fields = result.meta.fields ?? [];
  const missing = Object.values(columns).filter((c) => !fields.includes(c));
  if (missing.length) {
    throw failed(`The ${kind}.csv file lacks the required header${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`);
  }
  return result.data.map((row) => ({
    name: typeof row[columns.name] === 'string' ? row[columns.name]! : '',
    brand: clean(row[columns.brand]),
    model: clean(row[columns.model]),
  }));
}
