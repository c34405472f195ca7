import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setEnvForTests, type Env } from '../env';

/**
 * The parse time budget of a test that is not about it: the budget counts wall-clock time, which a
 * machine loaded by a parallel suite stretches past the 20 s default for the corpus's largest
 * files (the ironman FIT of the archive import). The tests of the budget set their own (1 ms).
 */
const PARSE_TIME_BUDGET_MS = String(10 * 60_000);

/** A test configuration: a fixed secret, a temporary data directory, and any overrides. */
export function useTestEnv(overrides: Record<string, string | undefined> = {}): Env {
  return setEnvForTests({
    SECRET_KEY: 'test-secret-key-0123456789abcdef-0123456789',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'stride-test-')),
    PARSE_TIME_BUDGET_MS,
    DATABASE_URL: undefined,
    UPSTASH_REDIS_REST_URL: undefined,
    UPSTASH_REDIS_REST_TOKEN: undefined,
    ...overrides,
  });
}
