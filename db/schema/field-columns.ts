import {
  doublePrecision,
  text,
  timestamp,
  type PgDoublePrecisionBuilderInitial,
  type PgTextBuilderInitial,
  type PgTimestampBuilderInitial,
} from 'drizzle-orm/pg-core';
import type { NotNull } from 'drizzle-orm';
import type { FieldSpec } from '../../server/activity-fields';

// The columns of the figures of server/activity-fields.ts: one column per field, named by its wire
// name, typed by its type, not null unless nullable.

type Builder<F extends FieldSpec> = F['type'] extends 'double'
  ? PgDoublePrecisionBuilderInitial<F['wire']>
  : F['type'] extends 'timestamp'
    ? PgTimestampBuilderInitial<F['wire']>
    : PgTextBuilderInitial<F['wire'], [string, ...string[]]>;

type Column<F extends FieldSpec> = F['nullable'] extends true ? Builder<F> : NotNull<Builder<F>>;

export type FieldColumns<F extends FieldSpec> = { [K in F as K['name']]: Column<K> };

function column(field: FieldSpec) {
  const builder =
    field.type === 'double' ? doublePrecision(field.wire) : field.type === 'timestamp' ? timestamp(field.wire, { withTimezone: true }) : text(field.wire);
  return field.nullable ? builder : builder.notNull();
}

/** The drizzle columns of `fields`, keyed by their names, in the table's order. */
export function fieldColumns<F extends FieldSpec>(fields: readonly F[]): FieldColumns<F> {
  return Object.fromEntries(fields.map((field) => [field.name, column(field)])) as FieldColumns<F>;
}

/** The columns of `fields` in `table` (activities, activity_laps), keyed by the fields' names: a select list. */
export function fieldsOf<T extends object, F extends FieldSpec & { name: keyof T }>(table: T, fields: readonly F[]): { [K in F as K['name']]: T[K['name']] } {
  return Object.fromEntries(fields.map((field) => [field.name, table[field.name]])) as { [K in F as K['name']]: T[K['name']] };
}
