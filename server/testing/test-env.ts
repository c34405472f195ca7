import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setEnvForTests, type Env } from '../env';

/** A test configuration: a fixed secret, a temporary data directory, and any overrides. */
export function useTestEnv(overrides: Record<string, string | undefined> = {}): Env {
  return setEnvForTests({
    SECRET_KEY: 'test-secret-key-0123456789abcdef-0123456789',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'stride-test-')),
    DATABASE_URL: undefined,
    UPSTASH_REDIS_REST_URL: undefined,
    UPSTASH_REDIS_REST_TOKEN: undefined,
    ...overrides,
  });
}
