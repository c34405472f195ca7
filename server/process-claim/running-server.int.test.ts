import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { claimDirectory, claimPathFor, DirectoryClaimed, pgliteDirFor, readClaim, releaseDirectory } from '@/db/pglite-claim';
import { runScript, type ScriptRun } from '@/server/testing/internal-routes';
import { CHILD_PROCESS_TEST_TIMEOUT_MS, waitUntil } from '@/server/testing/wait-until';
import { useTestEnv } from '@/server/testing/test-env';
import { claimDataDirForServer, findRunningServer } from './running-server';

// One process at a time opens an embedded PGlite directory. The process that opens it
// claims it first (db/pglite-claim.ts); other processes, real children here, are refused with the
// holder's pid, and a claim whose process was killed is taken over.

const holders: ScriptRun[] = [];

/** Another process holding the claim on `dir` as `role`, until killed. */
async function holdClaim(dir: string, role: string): Promise<ScriptRun> {
  const run = runScript('server/testing/claim-holder-process.ts', [dir, role], dir);
  holders.push(run);
  await waitUntil(() => run.output().stdout.includes('claimed') || run.child.exitCode !== null, 30_000, 'the claim');
  expect(run.output().stdout).toContain('claimed');
  return run;
}

const claimError = (dir: string, role: Parameters<typeof claimDirectory>[1] = 'import') => {
  try {
    claimDirectory(dir, role);
  } catch (error) {
    return error as DirectoryClaimed;
  }
  throw new Error('the claim was granted');
};

describe('the claim on an embedded database directory', { timeout: CHILD_PROCESS_TEST_TIMEOUT_MS }, () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = useTestEnv().DATA_DIR;
  });
  afterAll(() => holders.forEach((run) => run.child.kill('SIGKILL')));

  it('refuses a second process with the holder named, and takes over the claim of a holder that was killed', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'stride-claim-')), 'pgdata');
    const holder = await holdClaim(dir, 'server');
    const refused = claimError(dir);
    expect(refused).toBeInstanceOf(DirectoryClaimed);
    expect(refused.owner).toMatchObject({ pid: holder.child.pid, role: 'server' });
    expect(refused.liveness).toBe('alive');
    expect(refused.message).toBe(`The embedded database ${dir} is open in another process: the Stride server (pid ${holder.child.pid}).`);
    // opening it is refused before initdb runs: nothing is written in the directory
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(`the Stride server (pid ${holder.child.pid})`);
    expect(existsSync(dir)).toBe(false);

    holder.child.kill('SIGKILL');
    await holder.done;
    claimDirectory(dir, 'export');
    expect(readClaim(dir)).toMatchObject({ pid: process.pid, role: 'export' });
    releaseDirectory(dir);
    expect(existsSync(claimPathFor(dir))).toBe(false);
  });

  it('processes racing for a claim whose holder was killed: exactly one takes it over', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'stride-claim-race-')), 'pgdata');
    writeFileSync(claimPathFor(dir), JSON.stringify({ pid: 2 ** 22 + 7, role: 'server', started: '1', boot: null }));
    const racers = Array.from({ length: 4 }, () => runScript('server/testing/claim-holder-process.ts', [dir, 'import'], dir));
    holders.push(...racers);
    await waitUntil(() => racers.every((run) => run.output().stdout.includes('claimed') || run.child.exitCode !== null), 60_000, 'the racers');
    const winners = racers.filter((run) => run.output().stdout.includes('claimed'));
    expect(winners).toHaveLength(1);
    expect(readClaim(dir)).toMatchObject({ pid: winners[0]!.child.pid, role: 'import' });
    for (const loser of racers.filter((run) => run !== winners[0])) {
      expect(loser.child.exitCode).toBe(3);
      expect(loser.output().stderr).toContain(`\`npm run import\` (pid ${winners[0]!.child.pid})`);
    }
    expect(readdirSync(dirname(dir))).toEqual(['pgdata.lock']);
  });

  it('openDatabase holds the claim from before opening until it closes: another process is refused meanwhile', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'stride-claim-open-')), 'pgdata');
    const database = await openDatabase({ pgliteDir: dir, claimAs: 'import' });
    try {
      expect(readClaim(dir)).toMatchObject({ pid: process.pid, role: 'import' });
      const other = runScript('server/testing/claim-holder-process.ts', [dir, 'database'], dir);
      const refused = await other.done;
      expect(refused.code).toBe(3);
      expect(refused.stderr).toContain(`is open in another process: \`npm run import\` (pid ${process.pid}).`);
    } finally {
      await database.close();
    }
    expect(existsSync(claimPathFor(dir))).toBe(false);
    const after = await holdClaim(dir, 'database');
    after.child.kill('SIGKILL');
  });

  it('a second `npm start` on the same DATA_DIR stops with the first server named, before it builds or opens anything', async () => {
    const first = await holdClaim(pgliteDirFor(dataDir), 'server');
    const second = await runScript('scripts/start.ts', [], dataDir, { PORT: '3301', HOST: '127.0.0.1' }).done;
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(
      `Another Stride server (pid ${first.child.pid}) runs on this data directory (${dataDir}): stop it first, or give this one another DATA_DIR.`,
    );
    expect(second.stdout).not.toContain('next build');
    expect(existsSync(pgliteDirFor(dataDir))).toBe(false);
    expect(readClaim(pgliteDirFor(dataDir))).toMatchObject({ pid: first.child.pid, role: 'server' });
    // the first server has not announced itself yet: no address to hand a job to
    expect(findRunningServer(dataDir)).toBeNull();
    first.child.kill('SIGKILL');
    await first.done;
  });

  it('a server does not start while a CLI has the database open, and names it', async () => {
    const cli = await holdClaim(pgliteDirFor(dataDir), 'import');
    expect(claimDataDirForServer(dataDir)).toBe(
      `The embedded database ${pgliteDirFor(dataDir)} is open in another process: \`npm run import\` (pid ${cli.child.pid}).`,
    );
    cli.child.kill('SIGKILL');
    await cli.done;
    expect(claimDataDirForServer(dataDir)).toBeNull();
    releaseDirectory(pgliteDirFor(dataDir));
  });
});
