import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database, type Engine } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { users, type JobRow, type UserRow } from '@/db/schema';
import { env } from '@/server/env';
import { CORPUS_DIR } from '@/server/formats/test-support/corpus';
import { openTestDatabase } from '@/server/testing/test-database';
import { enqueueArchiveImport } from '../start-archive-import';
import { writeCorpusExport, type CorpusExport } from './corpus-export';

// An archive import queued for a child process to run (import-runner-process.ts): a user, a corpus
// export of the files under `maxFileBytes`, the job, and where the child finds the database. On
// PGlite the data directory is on disk and closed here, since one process at a time may open it;
// `reopen` opens it again once the child is gone.

export interface ChildImport {
  /** open on PostgreSQL; undefined on PGlite until `reopen` */
  database: Database | undefined;
  user: UserRow;
  built: CorpusExport;
  job: JobRow;
  /** the child's arguments: the database (URL or PGlite directory) and DATA_DIR */
  runnerArgs: string[];
  reopen(): Promise<Database>;
}

export async function queueChildImport(engine: Engine, username: string, maxFileBytes: number): Promise<ChildImport> {
  const pgliteDir = mkdtempSync(join(tmpdir(), 'stride-child-pg-'));
  const database = engine === 'postgres' ? await openTestDatabase('postgres') : await openDatabase({ pgliteDir });
  if (engine === 'pglite') await runMigrations(database);
  const [user] = await database.db.insert(users).values({ username }).returning();
  const archive = join(mkdtempSync(join(tmpdir(), 'stride-child-')), 'export.zip');
  const built = await writeCorpusExport(archive, { include: (file) => statSync(join(CORPUS_DIR, file)).size < maxFileBytes });
  const job = await enqueueArchiveImport(database.db, user!.id, [archive]);
  const target = engine === 'postgres' ? database.url! : pgliteDir;
  if (engine === 'pglite') await database.close();
  return {
    database: engine === 'postgres' ? database : undefined,
    user: user!,
    built,
    job,
    runnerArgs: ['--import', 'tsx', 'server/services/archive-import/test-support/import-runner-process.ts', target, env().DATA_DIR],
    reopen: async () => (engine === 'postgres' ? database : openDatabase({ pgliteDir })),
  };
}
