import { openDatabase } from '@/db/client';
import { setJobBodyForTests } from '../job-bodies';
import { EmbeddedRunner } from '../embedded-runner';
import { journalJob } from './journal-job';

// A separate process running the embedded runner over one database until a job kills it
// (SIGKILL inside a step), as an instance that dies mid-job. Used by embedded-runner.int.test.ts.
const url = process.argv[2]!;
const database = await openDatabase({ databaseUrl: url });
setJobBodyForTests('archive_import', journalJob);
const runner = new EmbeddedRunner(database.db, { leaseMs: 60_000, pollMs: 50, runnerId: 'doomed-instance' });
await runner.drain();
await database.close();
