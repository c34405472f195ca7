import { openDatabase, pgliteDirFor, type Database, type Db } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { env } from './env';
import { log } from './log/logger';
import { onShutdown, processValue, setProcessValue } from './process-state';
import { ensureAdminUser } from './services/users/ensure-admin-user';

// The process-wide database, opened, migrated and seeded once (server/process-state.ts: an
// embedded PGlite directory must be opened by one instance only), and closed by shutdown().

async function boot(): Promise<Database> {
  const config = env();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: pgliteDirFor(config.DATA_DIR) });
  await runMigrations(database);
  await ensureAdminUser(database.db, { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD });
  log().info({ engine: database.engine }, 'database ready');
  onShutdown('database', 'database', () => database.close());
  return database;
}

export function database(): Promise<Database> {
  const opened =
    processValue<Promise<Database>>('database') ??
    setProcessValue(
      'database',
      boot().catch((error: unknown) => {
        setProcessValue('database', undefined);
        throw error;
      }),
    )!;
  return opened;
}

export async function db(): Promise<Db> {
  return (await database()).db;
}

/** Tests run the service against a database they opened (PGlite in memory or PostgreSQL). */
export function useDatabaseForTests(database: Database): void {
  setProcessValue('database', Promise.resolve(database));
}
