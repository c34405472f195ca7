import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rule of eslint.config.mjs (CONTRIBUTING.md: imports flow app → transports → jobs →
// services → job queue → shared modules) run through ESLint's Node API on source text placed at a path of the tree:
// lintText resolves the imports from that path as if the file were there.

const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
}

describe('imports flow one way (eslint import/no-restricted-paths)', () => {
  it('a service importing a transport is an error, by alias or by relative path', async () => {
    const viaAlias = "import { defineRoute } from '@/server/http/define-route';\nexport const x = defineRoute;\n";
    expect(await layerErrors('server/services/users/example.ts', viaAlias)).toEqual([
      expect.stringContaining('imports flow app → transports → jobs → services'),
    ]);
    const viaRelative = "import { appRouter } from '../../trpc/root';\nexport const x = appRouter;\n";
    expect(await layerErrors('server/services/users/example.ts', viaRelative)).toHaveLength(1);
  });

  it('a shared module importing a service, and a transport importing app/, are errors', async () => {
    const service = "import { getUserOrThrow } from '@/server/services/users/get-user-or-throw';\nexport const x = getUserOrThrow;\n";
    expect(await layerErrors('server/auth/example.ts', service)).toHaveLength(1);
    const page = "import * as route from '@/app/api/v1/profile/route';\nexport const x = route;\n";
    expect(await layerErrors('server/http/example.ts', page)).toHaveLength(1);
  });

  it('imports along the direction pass: transport → service → shared module', async () => {
    expect(
      await layerErrors(
        'server/http/example.ts',
        "import { getUserOrThrow } from '@/server/services/users/get-user-or-throw';\nexport const x = getUserOrThrow;\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors('server/services/users/example.ts', "import { assertCsrf } from '@/server/auth/csrf-guard';\nexport const x = assertCsrf;\n"),
    ).toEqual([]);
    expect(
      await layerErrors('app/api/v1/example/route.ts', "import { defineRoute } from '@/server/http/define-route';\nexport const x = defineRoute;\n"),
    ).toEqual([]);
  });

  it('services start jobs through server/job-queue and never import server/jobs (the bodies and runners above them)', async () => {
    const body = "import { accountExportJob } from '@/server/jobs/account-export';\nexport const x = accountExportJob;\n";
    expect(await layerErrors('server/services/users/example.ts', body)).toEqual([expect.stringContaining('services must not import this')]);
    const runner = "import { EmbeddedRunner } from '../../jobs/embedded-runner';\nexport const x = EmbeddedRunner;\n";
    expect(await layerErrors('server/services/users/example.ts', runner)).toHaveLength(1);
    const enqueue = "import { enqueueJob } from '@/server/job-queue/enqueue-job';\nexport const x = enqueueJob;\n";
    expect(await layerErrors('server/services/users/example.ts', enqueue)).toEqual([]);
    // the queue sits below the services: it imports neither a service nor a job body
    const service = "import { getUserOrThrow } from '@/server/services/users/get-user-or-throw';\nexport const x = getUserOrThrow;\n";
    expect(await layerErrors('server/job-queue/example.ts', service)).toHaveLength(1);
    expect(await layerErrors('server/job-queue/example.ts', body)).toHaveLength(1);
    // job bodies call services and the queue
    expect(await layerErrors('server/jobs/example.ts', service)).toEqual([]);
    expect(await layerErrors('server/jobs/example.ts', enqueue)).toEqual([]);
  });

  it('tests may reach across the layers (a REST test imports its route file)', async () => {
    expect(await layerErrors('server/http/example.int.test.ts', "import * as route from '@/app/api/v1/profile/route';\nexport const x = route;\n")).toEqual([]);
  });
});

describe('the layers CONTRIBUTING.md writes down beyond the direction', () => {
  const messagesOf = async (filePath: string, code: string, ruleId: string) =>
    (await eslint.lintText(code, { filePath }))[0]!.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);

  it('app/ does not import @/db: by alias or relative path, and not the schema either', async () => {
    const viaAlias = "import { openDatabase } from '@/db/client';\nexport const x = openDatabase;\n";
    expect(await layerErrors('app/(app)/activities/example.tsx', viaAlias)).toEqual([
      expect.stringContaining('reach the database through a transport and a service'),
    ]);
    expect(await layerErrors('app/api/v1/example/route.ts', "import { users } from '../../../../db/schema';\nexport const x = users;\n")).toHaveLength(1);
  });

  it('server/formats imports neither drizzle nor the database', async () => {
    const drizzle = "import { sql } from 'drizzle-orm';\nexport const x = sql;\n";
    expect(await messagesOf('server/formats/gpx/example.ts', drizzle, 'no-restricted-imports')).toEqual([expect.stringContaining('server/formats is pure')]);
    const pgCore = "import { pgTable } from 'drizzle-orm/pg-core';\nexport const x = pgTable;\n";
    expect(await messagesOf('server/formats/gpx/example.ts', pgCore, 'no-restricted-imports')).toHaveLength(1);
    expect(await layerErrors('server/formats/gpx/example.ts', "import { activities } from '@/db/schema';\nexport const x = activities;\n")).toHaveLength(1);
    // a shared module elsewhere may use the database
    expect(await messagesOf('server/stored-files/example.ts', drizzle, 'no-restricted-imports')).toEqual([]);
  });

  it('only server/env.ts reads process.env (tests and test support may)', async () => {
    const read = 'export const level = process.env.LOG_LEVEL;\n';
    for (const file of ['server/log/example.ts', 'app/(app)/example.tsx', 'db/example.ts', 'inngest/functions/example.ts']) {
      expect(await messagesOf(file, read, 'no-restricted-properties'), file).toEqual([expect.stringContaining('server/env.ts')]);
    }
    expect(await messagesOf('server/services/users/example.ts', 'const { env } = process;\nexport const x = env;\n', 'no-restricted-properties')).toHaveLength(
      1,
    );
    expect(await messagesOf('server/env.ts', read, 'no-restricted-properties')).toEqual([]);
    expect(await messagesOf('server/services/users/example.int.test.ts', read, 'no-restricted-properties')).toEqual([]);
  });

  it('only server/clock.ts reads the system clock (tests and test support may)', async () => {
    for (const [file, code] of [
      ['server/services/users/example.ts', 'export const at = Date.now();\n'],
      ['app/(app)/example.tsx', 'export const at = new Date();\n'],
      ['db/example.ts', 'export const at = Date();\n'],
      ['inngest/functions/example.ts', 'export const at = new Date().toISOString();\n'],
    ]) {
      expect(await messagesOf(file!, code!, 'no-restricted-syntax'), file).toEqual([expect.stringContaining('server/clock.ts')]);
    }
    // a given time, the project clock and an elapsed duration pass
    const allowed = "import { now } from '@/server/clock';\nexport const at = [new Date(0), now(), performance.now()];\n";
    expect(await messagesOf('server/services/users/example.ts', allowed, 'no-restricted-syntax')).toEqual([]);
    expect(await messagesOf('server/clock.ts', 'export const at = Date.now();\n', 'no-restricted-syntax')).toEqual([]);
    expect(await messagesOf('server/services/users/example.int.test.ts', 'export const at = Date.now();\n', 'no-restricted-syntax')).toEqual([]);
  });

  it('transports take the database from the composition root (server/runtime.ts), and import no other root', async () => {
    const runtime = "import { db } from '@/server/runtime';\nexport const x = db;\n";
    expect(await layerErrors('server/http/example.ts', runtime)).toEqual([]);
    expect(await layerErrors('inngest/functions/example.ts', runtime)).toEqual([]);
    const boot = "import * as boot from '@/server/boot/register';\nexport const x = boot;\n";
    expect(await layerErrors('server/trpc/example.ts', boot)).toHaveLength(1);
    const testing = "import { useTestEnv } from '@/server/testing/test-env';\nexport const x = useTestEnv;\n";
    expect(await layerErrors('server/http/example.ts', testing)).toHaveLength(1);
    // services still may not import the root: they take `db` first
    expect(await layerErrors('server/services/users/example.ts', runtime)).toHaveLength(1);
  });
});

describe('spec and CONTRACT references have one spelling (CONTRIBUTING.md)', () => {
  const ruleMessages = async (code: string) =>
    (await eslint.lintText(code, { filePath: 'server/services/users/example.ts' }))[0]!.messages.filter((m) => m.ruleId === 'no-warning-comments');

  it('old spellings are errors; `spec: <section> rule N` and `CONTRACT: <section>` pass', async () => {
    for (const old of [
      '// spec rule 4: the MFA step keeps PKCE',
      '// a limit (spec Limits: per endpoint)',
      '// Spec "PKCE session": once',
      '// CONTRACT "Errors": 404',
      '// CONTRACT settled: 422',
    ]) {
      expect(await ruleMessages(`${old}\nexport const x = 1;\n`), old).toHaveLength(1);
    }
    expect(await ruleMessages('// spec: Authentication rule 4: the MFA step keeps PKCE\n// CONTRACT: Errors: 404\nexport const x = 1;\n')).toEqual([]);
  });
});

describe('reads: run-read in the transports only, the engine fast paths where they belong (CONTRIBUTING.md)', () => {
  const restricted = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath }))[0]!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  const runRead = "import { runRead } from '@/server/services/reads/run-read';\nexport const x = runRead;\n";
  const prepared = "import { preparedPerDatabase } from '@/db/prepared';\nexport const x = preparedPerDatabase;\n";

  it('a service, a job body, a page or a shared module running a read is an error; the transports may', async () => {
    for (const file of [
      'server/services/stats/example.ts',
      'server/services/stats/reads.ts',
      'server/jobs/example.ts',
      'app/(app)/example.tsx',
      'inngest/functions/example.ts',
    ]) {
      expect(await restricted(file, runRead), file).toEqual([expect.stringContaining('Only the transports')]);
    }
    expect(await restricted('server/services/stats/example.ts', "import { runRead } from '../reads/run-read';\nexport const x = runRead;\n")).toHaveLength(1);
    expect(await restricted('server/http/example.ts', runRead)).toEqual([]);
    expect(await restricted('server/trpc/example.ts', runRead)).toEqual([]);
  });

  it('the fast-path helpers outside db/, services/reads/, a reads.ts, ingestion and the allow-list are an error', async () => {
    for (const file of ['server/services/stats/get-stats.ts', 'server/http/example.ts', 'server/jobs/example.ts', 'server/formats/gpx/example.ts']) {
      expect(await restricted(file, prepared), file).toEqual([expect.stringContaining('fast-path helpers')]);
    }
    const relative = "import { changeFeedOf } from '../../../db/change-feed';\nexport const x = changeFeedOf;\n";
    expect(await restricted('server/services/stats/get-stats.ts', relative)).toHaveLength(1);
    const inline = "import { executeInline } from '@/db/pglite-inline';\nexport const x = executeInline;\n";
    expect(await restricted('server/services/goals/example.ts', inline)).toHaveLength(1);
    for (const file of [
      'server/services/stats/reads.ts',
      'server/services/reads/example.ts',
      'server/services/ingestion/example.ts',
      'server/services/sessions/session-kept.ts',
    ]) {
      expect(await restricted(file, prepared), file).toEqual([]);
    }
  });
});
