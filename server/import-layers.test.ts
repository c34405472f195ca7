import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rule of eslint.config.mjs (CONTRIBUTING.md: imports flow app → transports → services
// → shared modules) run through ESLint's Node API on source text placed at a path of the tree:
// lintText resolves the imports from that path as if the file were there.

const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
}

describe('imports flow one way (eslint import/no-restricted-paths)', () => {
  it('a service importing a transport is an error, by alias or by relative path', async () => {
    const viaAlias = "import { defineRoute } from '@/server/http/define-route';\nexport const x = defineRoute;\n";
    expect(await layerErrors('server/services/users/example.ts', viaAlias)).toEqual([expect.stringContaining('imports flow app → transports → services')]);
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

  it('tests may reach across the layers (a REST test imports its route file)', async () => {
    expect(await layerErrors('server/http/example.int.test.ts', "import * as route from '@/app/api/v1/profile/route';\nexport const x = route;\n")).toEqual([]);
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
