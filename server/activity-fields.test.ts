import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, activityLaps } from '@/db/schema';
import { ACTIVITY_FIELDS, fromWire, LAP_FIELDS, pickFields, toWire, type FieldSpec } from './activity-fields';

// Each figure is declared once (server/activity-fields.ts): outside the parsers and the UI, at most
// three server files name figure fields: the table, and the Strava mapping (the figures Strava
// gives in another form). A file that spells more than MAX_NAMED of them out is a second list
// that can drift from the table. A query reading a few figures (the list's totals and sort
// columns, the statistics) names six at most.

const ALLOWED = [
  'server/activity-fields.ts',
  'server/strava/strava-activity.ts',
  // CONTRACT: Real history and hand-made activities: POST /activities names its own closed body of
  // figures. A debt (stop 47): these three should take their figures from the table.
  'server/services/activities/schemas.ts',
  'server/services/activities/create-manual-activity.ts',
  'server/services/activities/manual-activity.ts',
];
const MAX_NAMED = 6;
const SCANNED = ['server', 'db'];
const SKIPPED = [/^server\/formats\//, /^server\/testing\//, /^db\/migrations\//, /\.test\.tsx?$/];

const FIELDS: FieldSpec[] = [...ACTIVITY_FIELDS, ...LAP_FIELDS];
// the lap's start time is the activity's start_time column and wire name: not a figure's spelling
const FIGURES = [...new Map(FIELDS.filter((f) => f.name !== 'startTime').map((f) => [f.name, f])).values()];

/** The table's figures `source` names, by name or wire name, each once. */
function namedFigures(source: string): string[] {
  return FIGURES.filter((f) => new RegExp(`\\b(${f.name}|${f.wire})\\b`).test(source)).map((f) => f.name);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the field table', () => {
  it('is the one list of the figures: no other server or db file spells them out', () => {
    const lists = SCANNED.flatMap(sourceFiles)
      .filter((file) => !SKIPPED.some((skip) => skip.test(file)))
      .map((file) => ({ file, named: namedFigures(readFileSync(file, 'utf8')) }))
      .filter(({ file, named }) => named.length > MAX_NAMED && !ALLOWED.includes(file));
    expect(lists).toEqual([]);
    expect(ALLOWED.length).toBeLessThanOrEqual(5);
  });

  it('counts a hand-written list of figures as one (the check can fail)', () => {
    const list = ACTIVITY_FIELDS.slice(2, 2 + MAX_NAMED + 1)
      .map((f) => `${f.wire}: row.${f.name},`)
      .join('\n');
    expect(namedFigures(list)).toHaveLength(MAX_NAMED + 1);
  });

  it('declares each figure once per table, with a column of its wire name and nullability', () => {
    for (const [fields, table] of [
      [ACTIVITY_FIELDS, activities],
      [LAP_FIELDS, activityLaps],
    ] as const) {
      const names = fields.map((f: FieldSpec) => f.name);
      expect(new Set(names).size).toBe(names.length);
      const columns = getTableColumns(table) as Record<string, { name: string; notNull: boolean }>;
      for (const field of fields as readonly FieldSpec[]) {
        expect(columns[field.name], field.name).toMatchObject({ name: field.wire, notNull: !field.nullable });
      }
    }
  });

  it('stores a figure with `digits` rounded to them, and maps names to wire names and back', () => {
    const fields = [
      { name: 'trainingLoad', wire: 'training_load', type: 'double', unit: null, nullable: true, digits: 1 },
      { name: 'endTime', wire: 'end_time', type: 'timestamp', unit: null, nullable: false },
    ] as const;
    const end = new Date('2026-11-25T10:00:00.250Z');
    expect(pickFields(fields, { trainingLoad: 87.25001, endTime: end })).toEqual({ trainingLoad: 87.3, endTime: end });
    expect(pickFields(fields, { trainingLoad: null, endTime: end })).toEqual({ trainingLoad: null, endTime: end });
    const wire = toWire(fields, { trainingLoad: 12.5, endTime: end });
    expect(wire).toEqual({ training_load: 12.5, end_time: '2026-11-25T10:00:00.250Z' });
    expect(fromWire(fields, { training_load: 12.5, end_time: end })).toEqual({ trainingLoad: 12.5, endTime: end });
  });
});
