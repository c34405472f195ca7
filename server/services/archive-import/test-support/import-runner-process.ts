import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '@/db/client';
import { setEnvForTests } from '@/server/env';
import { EmbeddedRunner } from '@/server/jobs/embedded-runner';

// An instance of the service that only runs jobs, in its own process, so a test can SIGKILL it in
// the middle of an archive import (archive-import-crash.int.test.ts), or give it a full disk
// (archive-import-disk-full.int.test.ts). The real job body runs.
//   node --import tsx <this file> <database url | pglite dir> <DATA_DIR>
const [target, dataDir] = process.argv.slice(2) as [string, string];
setEnvForTests({ SECRET_KEY: 'x'.repeat(32), DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const database = await openDatabase(target.startsWith('postgres') ? { databaseUrl: target } : { pgliteDir: target });
await new EmbeddedRunner(database.db, { leaseMs: 60_000, pollMs: 20, runnerId: 'doomed-instance' }).drain();
await database.close();
// the stored originals as this process sees them: a test may have mounted a folder of its own
// there, in a mount namespace that ends with this process
console.log(JSON.stringify(readdirSync(join(dataDir, 'originals'), { recursive: true, encoding: 'utf8' }).sort()));
