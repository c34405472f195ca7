import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentedRouteModules } from '@/app/api/v1/documented-routes';
import type { DocumentedRouteHandler } from '@/server/http/define-route';
import { appRouter } from '@/server/trpc/root';
import type { AnyRead } from './define-read';

// Every read is declared once, in its domain's reads.ts (CONTRIBUTING.md), and named by the GET
// routes and tRPC queries that serve it. This walks every GET route and every tRPC query and
// fails on a read declared twice (two declarations of one name, or one declaration exported
// twice), on a read a route or query names that no reads.ts declares, and on a declared read that
// nothing serves.

interface Declared {
  where: string;
  read: AnyRead;
}
interface Served {
  where: string;
  read: AnyRead;
}

function readProblems(declared: Declared[], served: Served[]): string[] {
  const problems: string[] = [];
  const byName = new Map<string, Declared[]>();
  for (const entry of declared) byName.set(entry.read.name, [...(byName.get(entry.read.name) ?? []), entry]);
  for (const [name, entries] of byName) {
    if (entries.length > 1) problems.push(`read "${name}" declared twice: ${entries.map((e) => e.where).join(', ')}`);
  }
  const declaredReads = new Set(declared.map((entry) => entry.read));
  for (const { where, read } of served) {
    if (!declaredReads.has(read)) problems.push(`${where} serves read "${read.name}", declared in no server/services/<domain>/reads.ts`);
  }
  const servedReads = new Set(served.map((entry) => entry.read));
  for (const { where, read } of declared) if (!servedReads.has(read)) problems.push(`read "${read.name}" (${where}) is served by no GET route or tRPC query`);
  return problems;
}

const isRead = (value: unknown): value is AnyRead =>
  typeof value === 'object' && value !== null && typeof (value as AnyRead).name === 'string' && typeof (value as AnyRead).byUser === 'function';

/** The reads every server/services/<domain>/reads.ts exports. */
async function declaredReads(): Promise<Declared[]> {
  const services = join(process.cwd(), 'server/services');
  const domains = readdirSync(services, { withFileTypes: true }).filter((d) => d.isDirectory() && readdirSync(join(services, d.name)).includes('reads.ts'));
  const declared: Declared[] = [];
  for (const domain of domains) {
    const exported = (await import(`@/server/services/${domain.name}/reads.ts`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) if (isRead(value)) declared.push({ where: `${domain.name}/reads.ts ${name}`, read: value });
  }
  return declared;
}

/** The read of every GET route and every tRPC query that names one. */
function servedReads(): Served[] {
  const served: Served[] = [];
  for (const { path, module } of documentedRouteModules) {
    const read = (module.GET as DocumentedRouteHandler | undefined)?.read;
    if (read) served.push({ where: `GET ${path}`, read });
  }
  for (const [path, procedure] of Object.entries(appRouter._def.procedures)) {
    const def = (procedure as unknown as { _def: { type: string; meta?: { read?: AnyRead } } })._def;
    if (def.type === 'query' && def.meta?.read) served.push({ where: `tRPC ${path}`, read: def.meta.read });
  }
  return served;
}

describe('every read declared once (server/services/<domain>/reads.ts)', () => {
  it('each read a GET route or tRPC query serves is declared once, and each declared read is served', async () => {
    const declared = await declaredReads();
    const served = servedReads();
    expect(readProblems(declared, served)).toEqual([]);
    // the walk found the reads: the activity, statistics, records, fitness, curves, model and explorer reads over both transports
    expect(declared.length).toBeGreaterThanOrEqual(12);
    for (const { read } of declared) {
      expect(
        served
          .filter((s) => s.read === read)
          .map((s) => s.where.split(' ')[0])
          .sort(),
        read.name,
      ).toEqual(['GET', 'tRPC']);
    }
  });

  it('fails on a read declared twice, on a read declared nowhere, and on a read served by nothing', async () => {
    const declared = await declaredReads();
    const served = servedReads();
    const stats = declared.find((entry) => entry.read.name === 'stats')!;
    // a doubled registry: the statistics read declared a second time, in another file
    const doubled = [...declared, { where: 'stats/reads-copy.ts statsRead', read: { ...stats.read } }];
    expect(readProblems(doubled, served)).toEqual([
      'read "stats" declared twice: stats/reads.ts statsRead, stats/reads-copy.ts statsRead',
      'read "stats" (stats/reads-copy.ts statsRead) is served by no GET route or tRPC query',
    ]);
    // one declaration exported twice is one read under two names: declared twice too
    expect(readProblems([...declared, { ...stats, where: 'stats/reads.ts statsReadAgain' }], served)).toEqual([
      'read "stats" declared twice: stats/reads.ts statsRead, stats/reads.ts statsReadAgain',
    ]);
    // a route naming a read that no reads.ts declares
    expect(
      readProblems(
        declared.filter((entry) => entry !== stats),
        served,
      ),
    ).toEqual([
      'GET /stats serves read "stats", declared in no server/services/<domain>/reads.ts',
      'tRPC progress.stats serves read "stats", declared in no server/services/<domain>/reads.ts',
    ]);
    // a declared read nothing serves
    expect(
      readProblems(
        declared,
        served.filter((entry) => entry.read !== stats.read),
      ),
    ).toEqual(['read "stats" (stats/reads.ts statsRead) is served by no GET route or tRPC query']);
  });
});
