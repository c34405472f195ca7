import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from '@/server/testing/internal-routes';
import { useTestEnv } from '@/server/testing/test-env';
import { CHILD_PROCESS_TEST_TIMEOUT_MS } from '@/server/testing/wait-until';

// npm start runs node with --max-semi-space-size=2 for the request thread, and the flag reaches
// every isolate of the process: pool.ts gives the parse workers PARSE_SEMI_SPACE_MB instead
// (with 2 MB the worker spent 22 % of an archive import in GC: bench/README.md, "Fourth run").
// A semi-space of N MB makes a new space of at most 2N MB once it has grown.

const MB = 1024 * 1024;
const dataDir = mkdtempSync(join(tmpdir(), 'stride-young-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function workerNewSpace(extraEnv: Record<string, string>): Promise<number> {
  const run = runScript('server/testing/worker-young-generation.ts', [], dataDir, { PARSE_THREADS: '1', ...extraEnv }, ['--max-semi-space-size=2']);
  const { code, stdout, stderr } = await run.done;
  expect(code, stderr).toBe(0);
  return Number(/new_space (\d+)/.exec(stdout)![1]);
}

describe("the parse workers' young generation under npm start's node flags", () => {
  useTestEnv();

  it(
    'grows past the 2 MB semi-spaces of the request thread',
    async () => {
      expect(await workerNewSpace({})).toBeGreaterThan(4 * MB);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'stays at 2 MB semi-spaces when PARSE_SEMI_SPACE_MB says so',
    async () => {
      expect(await workerNewSpace({ PARSE_SEMI_SPACE_MB: '2' })).toBeLessThanOrEqual(4 * MB);
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );
});
