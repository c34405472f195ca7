import { PGlite } from '@electric-sql/pglite';
import { is, Placeholder, type Query } from 'drizzle-orm';
import type { Db } from './client';
import { processValue, setProcessValue } from '../server/process-state';
import { simpleQueryRows } from './pglite-simple-query';

// PGlite's query() sends every statement unnamed, so PostgreSQL parses, analyses and plans it on
// each call; for the activity reads' JSON statements that was most of their cost in the database
// (bench/reads/json-vs-rows.ts: about a third per read when PREPAREd). On PGlite such a select is
// PREPAREd once per instance and run by EXECUTE (in one protocol call: pglite-simple-query.ts). EXECUTE takes no bind parameters, so values go
// in as quoted literals (standard_conforming_strings is on: only ' needs doubling). PostgreSQL
// itself keeps drizzle's prepare(): postgres.js already names its statements.

interface Select<Row> {
  toSQL(): Query;
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Row[]> };
}

export interface Prepared<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  throw new TypeError(`no SQL literal for a ${typeof value}`);
}

/**
 * query.prepare(name), or on PGlite the same select PREPAREd by the database. For flat
 * selections only: `keys` names the selected fields in their order, and their values must need
 * no decoding beyond PGlite's own (text, numbers, booleans, timestamps as Dates). An UPDATE …
 * RETURNING may be prepared too (`writes`: the files are synced after it, as PGlite's query()
 * does), if it raises no NOTIFY: this path does not hand one to PGlite's listeners.
 */
export function prepareOnServer<Row>(db: Db, name: string, query: Select<Row>, keys: readonly string[], options: { writes?: boolean } = {}): Prepared<Row> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return query.prepare(name);
  const { sql, params } = query.toSQL();
  // one PGlite instance per process; the count keeps statements of several shapes apart. It is
  // process state: Next.js may load this module in more than one bundle, and two counters of their
  // own would give two different statements one name
  const count = setProcessValue('statementCount', (processValue<number>('statementCount') ?? 0) + 1);
  const statement = `${name}_${count}`;
  let prepared: Promise<unknown> | undefined;
  return {
    async execute(values) {
      prepared ??= client.query(`prepare ${statement} as ${sql}`).catch((error: unknown) => {
        prepared = undefined;
        throw error;
      });
      await prepared;
      const args = params.map((param) => literal(is(param, Placeholder) ? values[param.name] : param));
      const rows = await simpleQueryRows(client, `execute ${statement}${args.length ? `(${args.join(', ')})` : ''}`);
      if (options.writes) await client.syncToFs();
      return rows.map((row) => Object.fromEntries(keys.map((key, i) => [key, row[i]])) as Row);
    },
  };
}
