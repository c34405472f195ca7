import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { activities } from '@/db/schema';
import { sectionFields, type ActivityField } from '@/server/activity-fields';
import type { ActivityRecord } from './activity-record';

// The activity record written by the database (row_to_json) for the reads that only pass it on:
// decoding ~40 columns per row, mapping them and JSON.stringify cost more CPU per list read than
// Next itself (bench/reads). Its meaning must stay that of activityRecord, which the tRPC side and
// writes still use: activity-json.int.test.ts compares the two.

const ISO_MILLISECONDS = `YYYY-MM-DD"T"HH24:MI:SS.MS"Z"`;

/** A column as activityRecord's JSON.stringify writes it (but for the doubles: see asJsonStringify). */
function wireValue(column: PgColumn): SQL {
  // Date#toISOString: UTC, milliseconds (truncated, as the driver's Date truncates microseconds)
  if (column.columnType === 'PgTimestamp') return sql`to_char(${column} at time zone 'UTC', ${sql.raw(`'${ISO_MILLISECONDS}'`)})`;
  return sql`${column}`;
}

/** The activities columns of `fields`, under their wire names. */
function wireColumns<F extends ActivityField>(fields: readonly F[]) {
  return Object.fromEntries(fields.map((field) => [field.wire, activities[field.name] as PgColumn])) as { [K in F as K['wire']]: PgColumn };
}

// typed by the record's keys: a field added to activityRecord and not here fails the typecheck
const WIRE: Record<keyof ActivityRecord, PgColumn> = {
  id: activities.id,
  user_id: activities.userId,
  name: activities.name,
  description: activities.description,
  activity_type: activities.activityType,
  activity_type_source: activities.activityTypeSource,
  start_time: activities.startTime,
  ...wireColumns(sectionFields('summary')),
  visibility: activities.visibility,
  is_hidden: activities.isHidden,
  exclude_from_records: activities.excludeFromRecords,
  gear_id: activities.gearId,
  ...wireColumns(sectionFields('device')),
  source: activities.source,
  provider_activity_id: activities.providerActivityId,
  import: activities.importRecord,
  ...wireColumns(sectionFields('start')),
  has_streams: activities.hasStreams,
  version: activities.version,
  created_at: activities.createdAt,
  updated_at: activities.updatedAt,
};

const DOUBLE_KEYS = Object.entries(WIRE).flatMap(([key, column]) => (column.columnType === 'PgDoublePrecision' ? [key] : []));
const UNLIKE_JSON_STRINGIFY = /"(?:NaN|-?Infinity)"|:-0[,}]/;

/**
 * Comma-separated records from row_to_json as JSON.stringify writes them. PostgreSQL writes a
 * NaN or ±Infinity double as a string and keeps -0, where JSON.stringify writes null and 0. Rare
 * values, so they are looked for in the text and rewritten only when seen: guarding each double
 * in SQL cost more than the whole rest of the statement on PGlite, which plans every statement
 * anew.
 */
export function asJsonStringify(records: string): string {
  if (!UNLIKE_JSON_STRINGIFY.test(records)) return records;
  const parsed = JSON.parse(`[${records}]`) as Record<string, unknown>[];
  for (const record of parsed) for (const key of DOUBLE_KEYS) if (typeof record[key] === 'string') record[key] = null;
  return JSON.stringify(parsed).slice(1, -1);
}

/** `… as "id", …`: selected from an activities row, row_to_json of the result is its activity record. */
export const activityRecordFields: SQL = sql.join(
  Object.entries(WIRE).map(([key, column]) => sql`${wireValue(column)} as ${sql.identifier(key)}`),
  sql`, `,
);

/** The activity record's JSON text of the current activities row; null when a left join found none. */
export const activityRecordJson = sql<
  string | null
>`case when ${activities.id} is null then null else (select row_to_json(record)::text from (select ${activityRecordFields}) record) end`;

/** An activity record as JSON text, with the version its ETag names. */
export interface ActivityJson {
  json: string;
  version: number;
}
