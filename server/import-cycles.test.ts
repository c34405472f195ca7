import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '@/scripts/import-cycles';

// The check `npm run check:cycles` runs in CI (CONTRIBUTING.md: imports flow one way), on small
// trees written here: it must find a cycle however it is spelled, and nothing in a tree without one.

/** A project root holding `files` (name → source) and a tsconfig.json with the `@/` paths of ours. */
function tree(files: Record<string, string>): string[] {
  const root = mkdtempSync(join(tmpdir(), 'stride-cycles-'));
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { moduleResolution: 'bundler', module: 'esnext', paths: { '@/*': ['./*'] } } }));
  for (const [name, source] of Object.entries(files)) writeFileSync(join(root, name), source);
  return Object.keys(files).map((name) => join(root, name));
}

const cyclesOf = (files: string[]) => importCycles(importGraph(files, join(files[0]!, '..'))).map((cycle) => cycle.map((f) => basename(f)));

describe('npm run check:cycles', () => {
  it('finds a cycle through a relative import and an `import type` back', () => {
    const files = tree({
      'a.ts': "import { b } from './b';\nexport const a = b;\n",
      'b.ts': "import type { A } from './a';\nexport const b = 1;\nexport type B = A;\n",
    });
    expect(cyclesOf(files)).toEqual([['a.ts', 'b.ts']]);
  });

  it('finds a cycle of three through the `@/` alias, a re-export and a dynamic import', () => {
    const files = tree({
      'a.ts': "export { b } from '@/b';\n",
      'b.ts': "export const b = () => import('./c');\n",
      'c.ts': "import { b } from './a';\nexport const c = b;\n",
    });
    expect(cyclesOf(files)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('finds nothing where imports flow one way', () => {
    const files = tree({
      'a.ts': "import { b } from './b';\nexport const a = b;\n",
      'b.ts': "import { c } from './c';\nexport const b = c;\n",
      'c.ts': 'export const c = 1;\n',
    });
    expect(cyclesOf(files)).toEqual([]);
  });
});
