import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type Database, type Engine } from '@/db/client';
import { runMigrations } from '@/db/migrate';

// "A migrated test database on engine X" for *.int.test.ts (STYLE rule 9: services run on PGlite
// and on PostgreSQL). PostgreSQL runs only when TEST_DATABASE_URL is set; each call creates its
// own database there (and drops it on close), so parallel test files never share tables.
//
//   describe.each(testEngines())('%s', (engine) => {
//     let database: TestDatabase;
//     beforeAll(async () => { database = await openTestDatabase(engine); });
//     afterAll(() => database.close());
//   });

export type TestDatabase = Database;

/** 'pglite' always; 'postgres' too when TEST_DATABASE_URL is set. */
export function testEngines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export async function openTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    await runMigrations(database);
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `stride_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await runMigrations(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end({ timeout: 5 });
      }
    },
  };
}
