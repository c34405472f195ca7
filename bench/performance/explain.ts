import { sql } from 'drizzle-orm';
import { selectRows } from '@/db/select-rows';
import { useDatabaseForTests as installDatabase } from '@/server/runtime';
import { curveSql } from '@/server/services/performance/get-curves';
import type { CurveKind } from '@/server/services/performance/schemas';
import { signedInUser } from '@/server/testing/signed-in-user';
import { openTestDatabase } from '@/server/testing/test-database';
import { useTestEnv as installTestEnv } from '@/server/testing/test-env';
import { closeWorkerPool } from '@/server/workers/pool';
import { benchEngines, seedOpenDatabase } from '../progress/seed';

// The plans of GET /curves' reads over the performance bench's 10,000 activities (run.ts's data):
//   npx tsx bench/performance/explain.ts            (PGlite)
//   TEST_DATABASE_URL=… ENGINES=postgres npx tsx bench/performance/explain.ts

const ACTIVITIES = Number(process.env.ACTIVITIES ?? 10_000);
const CASES: [CurveKind, string | null, string?, string?][] = [
  ['power', null],
  ['hr', null],
  ['power', 'ride', '2025-01-01', '2025-12-31'],
  ['gap_pace', 'run', '2025-01-01', '2025-12-31'],
];

async function explain(engine: 'pglite' | 'postgres'): Promise<void> {
  const database = await openTestDatabase(engine);
  installDatabase(database);
  try {
    const { userId } = await signedInUser(database.db, 'bench');
    await seedOpenDatabase(database, userId, ACTIVITIES);
    for (const [kind, type, start, end] of CASES) {
      const query = await curveSql(database.db, userId, kind, type, start, end);
      await selectRows(database.db, query); // warm
      const plan = await selectRows<{ 'QUERY PLAN': string }>(database.db, sql`explain (analyze, buffers) ${query}`);
      console.log(`\n[${engine}] ${kind} ${type ?? 'every type'} ${start ?? ''}–${end ?? ''}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  } finally {
    await closeWorkerPool();
    await database.close();
  }
}

installTestEnv();
for (const engine of benchEngines()) if (engine === 'pglite' || process.env.TEST_DATABASE_URL) await explain(engine as 'pglite' | 'postgres');
