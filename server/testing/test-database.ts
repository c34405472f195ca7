import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type Database, type Engine } from '@/db/client';
import { runMigrations } from '@/db/migrate';

// A migrated, throw-away database on either engine: PGlite in memory always, PostgreSQL when
// TEST_DATABASE_URL is set (each call creates its own database and drops it on close, so test
// files running in parallel never share state).

export const TEST_ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export async function openTestDatabase(engine: Engine): Promise<Database> {
  if (engine === 'pglite') {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    await runMigrations(database);
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `stride_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await runMigrations(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}
