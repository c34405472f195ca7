import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  if (engine === 'pglite') return openDatabase({ pgliteDir: 'memory://', pgliteDump: await migratedPgliteDump() });
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

// initdb and the migrations cost 2.7 s per throw-away PGlite, starting from a dump of a migrated one
// 0.4 s; a suite opens well over a hundred. The dump is made once per set of migrations (its name
// is their hash with PGlite's version) and shared by every test process; db/migrate's own tests still migrate from empty.
const MIGRATIONS_DIR = join(process.cwd(), 'db', 'migrations');
const DUMP_CACHE_DIR = join(process.cwd(), 'node_modules', '.cache', 'stride-test-pglite');
let dumpInThisProcess: Promise<Blob> | undefined;

function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_DIR);
  hash.update(readFileSync(join(process.cwd(), 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

function migratedPgliteDump(): Promise<Blob> {
  dumpInThisProcess ??= (async () => {
    const file = join(DUMP_CACHE_DIR, `${migrationsHash()}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      const database = await openDatabase({ pgliteDir: 'memory://' });
      try {
        await runMigrations(database);
        const dump = await database.dumpDataDir!();
        mkdirSync(DUMP_CACHE_DIR, { recursive: true });
        // written aside and renamed: a parallel test process reads a whole dump or none
        const partial = `${file}.${process.pid}.partial`;
        writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
        renameSync(partial, file);
        return dump;
      } finally {
        await database.close();
      }
    }
  })();
  return dumpInThisProcess;
}
