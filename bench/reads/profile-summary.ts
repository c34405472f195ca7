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
  children?: number[];
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
  // PGlite's PostgreSQL compiled to WebAssembly
  [/^wasm:\/\//, 'pglite'],
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

/**
 * A span of the profile, in microseconds of the monotonic clock V8 stamps samples with (on Linux
 * the one process.hrtime reads, in any process): only samples taken inside it count.
 */
export interface ProfileWindow {
  fromUs: number;
  toUs: number;
}

/** Calls `each(node id, microseconds)` for every sample (inside `window` when given). */
function forEachSample(profile: CpuProfile, window: ProfileWindow | undefined, each: (id: number, us: number) => void): void {
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    if (!window || (at >= window.fromUs && at <= window.toUs)) each(id, us);
  });
}

export function summarizeProfile(path: string, topN = 25, window?: ProfileWindow): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  forEachSample(profile, window, (id, us) => selfUs.set(id, (selfUs.get(id) ?? 0) + us));

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

/**
 * Inclusive time per function of one origin (default: our own code): every sample counts once for
 * each distinct such function on its stack, so callers include what they call, the database
 * driver and framework frames beneath them too. Idle and GC samples have no such caller.
 */
export function inclusiveProfile(
  path: string,
  topN = 25,
  window?: ProfileWindow,
  origin = 'stride',
): { busyMs: number; top: { ms: number; share: string; function: string; where: string }[] } {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const keyOf = new Map<number, string | null>();
  const frameKey = (id: number): string | null => {
    if (!keyOf.has(id)) {
      const frame = byId.get(id)!.callFrame;
      const { url, line } = originalPosition(frame);
      keyOf.set(id, originOf(url, frame.functionName) === origin ? `${frame.functionName || '(anonymous)'}@${url}:${line}` : null);
    }
    return keyOf.get(id)!;
  };
  const inclusiveUs = new Map<string, number>();
  let busyUs = 0;
  forEachSample(profile, window, (id, us) => {
    if (byId.get(id)!.callFrame.functionName === '(idle)') return;
    busyUs += us;
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const key = frameKey(node);
      if (key && !seen.has(key)) seen.add(key);
    }
    for (const key of seen) inclusiveUs.set(key, (inclusiveUs.get(key) ?? 0) + us);
  });
  return {
    busyMs: Math.round(busyUs / 1000),
    top: [...inclusiveUs.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, topN)
      .map(([key, us]) => {
        const at = key.indexOf('@');
        return { ms: Math.round(us / 1000), share: `${((100 * us) / busyUs).toFixed(1)}%`, function: key.slice(0, at), where: key.slice(at + 1).slice(-70) };
      }),
  };
}
