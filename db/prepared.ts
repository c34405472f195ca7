import type { Db } from './client';

// A query that runs on every request is built (and, on PostgreSQL, named) once per database
// handle instead of once per request: drizzle's query building and result-shape checks were a
// visible share of an authenticated read's CPU (bench/reads). Values go in as placeholders.

export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (!prepared) {
      prepared = prepare(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
