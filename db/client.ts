import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { is, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteDatabase, PgliteTransaction } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { startChangeFeed } from './change-feed';
import { claimDirectory, pgliteDirFor, releaseDirectory, type ClaimRole } from './pglite-claim';
import { rememberTransactionOwner } from './pglite-simple-query';
import * as schema from './schema';
import { socketWithDeadline } from './statement-deadline';

// PGlite (embedded PostgreSQL, persisted in DATA_DIR) when DATABASE_URL is unset, postgres.js
// when it is set. One schema, one migration set for both engines.

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  engine: Engine;
  /** the PostgreSQL URL (postgres engine only) */
  url?: string;
  close(): Promise<void>;
  /** the embedded engine's whole data directory as a tarball (tests copy one migrated database) */
  dumpDataDir?(): Promise<Blob>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** directory of the embedded database; `memory://` for a throw-away one (tests) */
  pgliteDir?: string;
  /** who claims an on-disk PGlite directory (pglite-claim.ts), told to another process that finds it claimed */
  claimAs?: ClaimRole;
  /** a throw-away database starts from this dumped data directory (`PGlite.dumpDataDir`) */
  pgliteDump?: Blob;
}

/**
 * An unreachable server fails a request within 2 s (1.5 s to connect) (503, db/unavailable.ts) instead of
 * hanging; a statement that runs away is cancelled by the server. A server that is
 * connected but hung is given up by the client one second after that (statement-deadline.ts), so
 * a request answers 503 within about 6 s. Migrations run on their own connection, without either.
 */
export const CONNECT_TIMEOUT_SECONDS = 1.5;
export const STATEMENT_TIMEOUT_MS = 5_000;
export const STATEMENT_DEADLINE_MS = STATEMENT_TIMEOUT_MS + 1_000;

/**
 * PostgreSQL's default 128 MB of shared buffers is touched in full when PGlite starts and stays
 * resident (WASM memory never shrinks), a third of the embedded process. The data files are read
 * through the host's file system, whose page cache keeps them warm anyway, so 16 MB is enough
 * (bench/export: peak RSS of a 1,000-activity export).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const withDeadline = { socket: socketWithDeadline(STATEMENT_DEADLINE_MS) };
    const client = postgres(options.databaseUrl, {
      max: 10,
      onnotice: () => {},
      connect_timeout: CONNECT_TIMEOUT_SECONDS,
      connection: { statement_timeout: STATEMENT_TIMEOUT_MS },
      ...withDeadline, // postgres.js's typings omit its documented `socket` option
    });
    const db = drizzlePostgres({ client, schema }) as unknown as Db;
    return { db, engine: 'postgres', url: options.databaseUrl, close: () => client.end({ timeout: 5 }) };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (dir.startsWith('memory://')) return openPglite(undefined, options.pgliteDump);
  const absolute = resolve(/* turbopackIgnore: true */ dir);
  // held from before initdb until closed: a second process must never open these files meanwhile
  claimDirectory(absolute, options.claimAs ?? 'database');
  try {
    initPgliteDir(absolute);
    const database = await openPglite(absolute);
    return { ...database, close: () => database.close().finally(() => releaseDirectory(absolute)) };
  } catch (error) {
    releaseDirectory(absolute);
    throw error;
  }
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  // stride.notify_changes: migration 0011's triggers tell this process what each commit changed
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`, '-c', 'stride.notify_changes=on'];
  const client = await PGlite.create({ dataDir, loadDataDir, startParams });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await startChangeFeed(client, db);
  yieldBeforeEachStatement(client);
  return { db, engine: 'pglite', close: () => client.close(), dumpDataDir: () => client.dumpDataDir('none') };
}

type Statements = Pick<Transaction, 'query' | 'exec'>;

/**
 * PGlite runs each statement on this thread, and its promises settle in microtasks: a transaction
 * of several statements (an upload's store, its subscribers) held the event loop from its first
 * statement to its last (bench/README.md), and every other request waited, even
 * one that needs no statement (bench/ingest mixed load). A turn of the event loop before each
 * statement lets those be answered in between; a request that needs the database still waits
 * for the open transaction, as PGlite runs one at a time.
 */
function yieldBeforeEachStatement(client: PGlite): void {
  const yielding = (target: Statements) => {
    const { query, exec } = target;
    target.query = (async (...args: Parameters<Statements['query']>) => {
      await new Promise(setImmediate);
      return query.apply(target, args);
    }) as Statements['query'];
    target.exec = async (...args: Parameters<Statements['exec']>) => {
      await new Promise(setImmediate);
      return exec.apply(target, args);
    };
  };
  yielding(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (work) =>
    transaction((tx) => {
      yielding(tx);
      rememberTransactionOwner(tx, client);
      return work(tx);
    });
}

/**
 * True on the embedded engine. PGlite runs one transaction at a time and holds every other
 * statement until it ends, so a lock that only orders concurrent transactions is not needed there.
 */
export function isEmbedded(db: Db | Tx): boolean {
  return is(db, PgliteDatabase) || is(db, PgliteTransaction);
}

/**
 * PGlite runs initdb in WASM on an empty directory, and the memory that WASM instance grows to
 * stays in the process's resident set (bench/import: a fresh data directory's peak is far above
 * an initialised one's; figures in bench/README.md). A short-lived child process initialises the directory
 * instead, so the server never carries initdb's memory.
 */
function initPgliteDir(dir: string): void {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  mkdirSync(dir, { recursive: true });
  const script = "import { PGlite } from '@electric-sql/pglite'; await (await PGlite.create(process.argv[1])).close();";
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script, dir], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  if (child.status !== 0) throw new Error(`could not initialise the embedded database in ${dir}: ${child.stderr || child.error?.message}`);
}

export { pgliteDirFor, schema };
