import { Column, getTableColumns, is, type Query, type SQL, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';
import { pgliteOf, simpleQueryRows, simpleQueryWrite } from './pglite-simple-query';

// A write on PGlite in one call into the database (pglite-simple-query.ts)
// with its values written into the statement as literals. PGlite's query() sends each value through
// its JavaScript protocol writer, which walks a string character by character twice to measure it:
// an upload's streams (~200 KB of base64) cost more there than in the database. Here the statement
// is encoded by TextEncoder and sent as one Query message, and the six protocol round trips of
// query() are one. On PostgreSQL drizzle runs it as usual.

const dialect = new PgDialect();

/**
 * A value as a quoted literal: of unknown type, which PostgreSQL resolves from the context as it
 * does an untyped parameter, and the same text PGlite's writer would send for it (numbers and
 * booleans by toString, dates as ISO text; standard_conforming_strings is on: only ' is doubled).
 */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return `'${String(value)}'`;
  throw new TypeError(`no SQL literal for a ${typeof value}`);
}

/** The statement with each $n replaced by its value's literal (drizzle's SQL holds no $n of its own). */
export function inlineParams(text: string, params: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

/**
 * A simple Query message is a C string: a NUL inside a value would end the statement there. Such a
 * statement goes as bind parameters instead, so that it fails as it always did (PostgreSQL refuses
 * NUL in text) and never as a shorter statement.
 */
const inlinable = (params: readonly unknown[]) => params.every((value) => typeof value !== 'string' || !value.includes('\u0000'));

/** The PGlite instance behind drizzle's `db` or transaction; null on PostgreSQL. */
const pgliteOfDb = (db: Db | Tx) => pgliteOf((db._.session as unknown as { client: object }).client);

/** Runs a statement that returns no rows; on PGlite as one simple query. */
export async function executeInline(db: Db | Tx, query: SQL): Promise<void> {
  const target = pgliteOfDb(db);
  const { sql, params } = dialect.sqlToQuery(query);
  if (!target || !inlinable(params)) {
    await db.execute(query);
    return;
  }
  // a turn of the event loop first, as for every other statement on PGlite (db/client.ts)
  await new Promise(setImmediate);
  await simpleQueryWrite(target.client, inlineParams(sql, params), target.inTransaction);
}

const asText = (value: string) => value;

// drizzle's PGlite driver reads these types as text and decodes them itself (drizzle-orm/pglite)
const DRIZZLE_TEXT_TYPES = Object.fromEntries([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((type) => [type, asText]));

/**
 * A statement that returns rows (a select, an INSERT … RETURNING) of flat `fields`, named in the
 * order the statement selects them; on PGlite in a transaction as one simple query, each value
 * decoded by its column as drizzle decodes it. Elsewhere drizzle runs it as usual.
 */
export async function rowsInline<Row>(db: Db | Tx, query: PromiseLike<Row[]> & { toSQL(): Query }, fields: Record<string, unknown>): Promise<Row[]> {
  const target = pgliteOfDb(db);
  // outside a transaction a write would need PGlite's file sync and its NOTIFY delivery after it
  if (!target?.inTransaction) return query;
  return simpleQueryOr(target, query, fields);
}

/**
 * rowsInline for a select (no writes), also outside a transaction: on PGlite a query through
 * drizzle is parse, bind, describe, execute and sync, and the archive import's dedup reads took
 * several times as long that way as one simple query (bench/README.md).
 */
export async function selectInline<Row>(db: Db | Tx, query: PromiseLike<Row[]> & { toSQL(): Query }, fields: Record<string, unknown>): Promise<Row[]> {
  const target = pgliteOfDb(db);
  if (!target) return query;
  return simpleQueryOr(target, query, fields);
}

async function simpleQueryOr<Row>(
  target: NonNullable<ReturnType<typeof pgliteOfDb>>,
  query: PromiseLike<Row[]> & { toSQL(): Query },
  fields: Record<string, unknown>,
): Promise<Row[]> {
  const { sql, params } = query.toSQL();
  if (!inlinable(params)) return query;
  await new Promise(setImmediate);
  const rows = await simpleQueryRows(target.client, inlineParams(sql, params), { inTransaction: target.inTransaction, parsers: DRIZZLE_TEXT_TYPES });
  const decoders = Object.entries(fields).map(([key, field]) => [key, is(field, Column) ? field : null] as const);
  return rows.map(
    (row) => Object.fromEntries(decoders.map(([key, column], i) => [key, row[i] === null || !column ? row[i] : column.mapFromDriverValue(row[i])])) as Row,
  );
}

/** An INSERT … RETURNING of whole rows (drizzle's `.returning()`, which names the table's columns in their order). */
export function insertReturningInline<T extends Table>(
  db: Db | Tx,
  table: T,
  insert: PromiseLike<T['$inferSelect'][]> & { toSQL(): Query },
): Promise<T['$inferSelect'][]> {
  return rowsInline(db, insert, getTableColumns(table));
}
