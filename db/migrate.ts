import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { Database } from './client';

// Resolved from the working directory because Next.js bundles this module away from db/.
export const MIGRATIONS_DIR = join(process.cwd(), 'db', 'migrations');

// Any constant key: instances sharing PostgreSQL may start at once and must migrate one at a time.
const MIGRATION_LOCK = 741_852_963;

export async function runMigrations(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (database.engine === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // A session-level advisory lock needs one connection for lock, migration and unlock.
  const client = postgres(database.url!, { max: 1, onnotice: () => {} });
  try {
    const db = drizzle({ client });
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migratePostgres(db, { migrationsFolder });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}
