import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { AppError } from '@/server/errors';
import { log } from '@/server/log/logger';
import packageJson from '@/package.json';

const DATABASE_TIMEOUT_MS = 2_000;

export interface Health {
  status: 'ok';
  version: string;
  database: 'ok';
}

/** Answers only when the database does; otherwise a 503 problem. */
export async function getHealth(db: Db): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_TIMEOUT_MS} ms`)), DATABASE_TIMEOUT_MS);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
  } catch (error) {
    log().warn({ err: error }, 'health check: the database does not answer');
    throw new AppError('service_unavailable', { detail: 'The database does not answer.' });
  } finally {
    clearTimeout(timer);
  }
  return { status: 'ok', version: packageJson.version, database: 'ok' };
}
