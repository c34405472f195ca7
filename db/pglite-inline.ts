import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';
import { pgliteOf, simpleQueryWrite } from './pglite-simple-query';

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

/** Runs a statement that returns no rows; on PGlite as one simple query. */
export async function executeInline(db: Db | Tx, query: SQL): Promise<void> {
  const target = pgliteOf((db._.session as unknown as { client: object }).client);
  if (!target) {
    await db.execute(query);
    return;
  }
  const { sql, params } = dialect.sqlToQuery(query);
  // a turn of the event loop first, as for every other statement on PGlite (db/client.ts)
  await new Promise(setImmediate);
  await simpleQueryWrite(target.client, inlineParams(sql, params), target.inTransaction);
}
