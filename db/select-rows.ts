import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client';

/**
 * The rows of a raw statement on either engine: postgres.js answers an array, PGlite `{ rows }`.
 * Cast counts to integer in the statement (postgres.js hands bigint back as a string).
 */
export async function selectRows<Row>(db: Db | Tx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
}

/** A timestamp selected as epoch milliseconds (`epochMs(column)`), as ISO text: the same on both engines. */
export const isoFromMs = (ms: number | string): string => new Date(Number(ms)).toISOString();
