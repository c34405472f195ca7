import { openDatabase, pgliteDirFor, type Database, type Db } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { env } from './env';
import { log } from './log/logger';
import { ensureAdminUser } from './services/users/ensure-admin-user';

// The process-wide database, opened, migrated and seeded once. Kept on globalThis because
// Next.js can load this module in more than one bundle of the same process, and an embedded
// PGlite directory must be opened by one instance only.

interface RuntimeHolder {
  __strideDatabase?: Promise<Database>;
}
const holder = globalThis as typeof globalThis & RuntimeHolder;

async function boot(): Promise<Database> {
  const config = env();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: pgliteDirFor(config.DATA_DIR) });
  await runMigrations(database);
  await ensureAdminUser(database.db, { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD });
  log().info({ engine: database.engine }, 'database ready');
  return database;
}

export function database(): Promise<Database> {
  holder.__strideDatabase ??= boot().catch((error: unknown) => {
    holder.__strideDatabase = undefined;
    throw error;
  });
  return holder.__strideDatabase;
}

export async function db(): Promise<Db> {
  return (await database()).db;
}

/** Tests run the service against a database they opened (PGlite in memory or PostgreSQL). */
export function useDatabaseForTests(database: Database): void {
  holder.__strideDatabase = Promise.resolve(database);
}
