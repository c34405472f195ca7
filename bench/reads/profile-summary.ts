import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Summarises a V8 .cpuprofile (from `node --cpu-prof`): self time per function, and per origin
// (our code, Next.js, React, drizzle, the database driver, node internals), so the flame's
// answer fits in a few lines of a report. Frames in the minified build are mapped back to their
// sources through the build's source maps.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const ORIGINS: [RegExp, string][] = [
  [/node_modules\/next\/|next\/dist|\[turbopack\]/, 'next'],
  [/react-dom|react-server|\/react\//, 'react'],
  // drizzle's own source maps point at src/ beside its package folder
  [/drizzle-orm|node_modules\/src\//, 'drizzle'],
  [/@electric-sql\/pglite/, 'pglite'],
  [/node_modules\/postgres\//, 'postgres.js'],
  [/node_modules\/(jose)\//, 'jose'],
  [/node_modules\/zod\//, 'zod'],
  [/node_modules\/pino/, 'pino'],
  [/node_modules\/tsx\//, 'tsx'],
  [/^node:|^internal\//, 'node'],
  [/^(server|db|app)\//, 'stride'],
];

const maps = new Map<string, SourceMap | null>();

function sourceMapOf(url: string): SourceMap | null {
  if (!maps.has(url)) {
    const file = url.startsWith('file://') ? fileURLToPath(url) : url;
    const mapFile = `${file}.map`;
    maps.set(url, file.includes('/.next') && existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  }
  return maps.get(url)!;
}

/** The source file and line a frame of the build came from (project-relative), else its own url. */
function originalPosition(frame: ProfileNode['callFrame']): { url: string; line: number } {
  const map = frame.url ? sourceMapOf(frame.url) : null;
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number } | undefined;
  if (!entry?.originalSource) return { url: frame.url, line: frame.lineNumber + 1 };
  const file = frame.url.startsWith('file://') ? fileURLToPath(frame.url) : frame.url;
  const source = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : resolve(dirname(file), entry.originalSource);
  return { url: source.replace(`${process.cwd()}/`, ''), line: (entry.originalLine ?? 0) + 1 };
}

export function originOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : 'native';
  for (const [pattern, name] of ORIGINS) if (pattern.test(url)) return name;
  if (url.includes('.next')) return 'bundle';
  return 'other';
}

/** The largest .cpuprofile in a directory: the server's, not npm's or tsx's wrapper processes. */
export function largestProfile(dir: string): string | null {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  if (files.length === 0) return null;
  return join(
    dir,
    files.reduce((a, b) => (statSync(join(dir, a)).size >= statSync(join(dir, b)).size ? a : b)),
  );
}

export interface ProfileSummary {
  totalMs: number;
  idleMs: number;
  top: { ms: number; share: string; function: string; origin: string; where: string }[];
  byOrigin: { origin: string; ms: number; share: string }[];
}

export function summarizeProfile(path: string, topN = 25): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

  const perFunction = new Map<string, { us: number; function: string; origin: string; where: string }>();
  const perOrigin = new Map<string, number>();
  let totalUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame;
    const { functionName } = frame;
    const { url, line } = originalPosition(frame);
    totalUs += us;
    if (functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    const origin = originOf(url, functionName);
    const where = url ? `${url.replace(/^.*\/(node_modules|\.next[^/]*)\//, '$1/')}:${line}` : '';
    const key = `${functionName}@${where}`;
    const entry = perFunction.get(key) ?? { us: 0, function: functionName || '(anonymous)', origin, where };
    entry.us += us;
    perFunction.set(key, entry);
    perOrigin.set(origin, (perOrigin.get(origin) ?? 0) + us);
  }
  const busyUs = totalUs - idleUs;
  const share = (us: number) => `${((100 * us) / busyUs).toFixed(1)}%`;
  return {
    totalMs: Math.round(totalUs / 1000),
    idleMs: Math.round(idleUs / 1000),
    top: [...perFunction.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, topN)
      .map((e) => ({ ms: Math.round(e.us / 1000), share: share(e.us), function: e.function, origin: e.origin, where: e.where.slice(-70) })),
    byOrigin: [...perOrigin.entries()].sort((a, b) => b[1] - a[1]).map(([origin, us]) => ({ origin, ms: Math.round(us / 1000), share: share(us) })),
  };
}
