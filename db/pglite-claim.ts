import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { processValueOr } from '../server/process-state';
import { livenessOf, ownIdentity, type Liveness, type ProcessIdentity } from '../server/util/process-identity';

// Two processes that open the same PGlite directory run two PostgreSQL instances over the same
// files and corrupt them, and PGlite takes no lock of its own. So the process that opens one
// claims it first, in a lock file beside it (DATA_DIR/pgdata.lock) naming the process, and keeps
// the claim until the database is closed or the process exits. A claim is stale once the process
// it names is dead (process-identity.ts tells a reused pid apart on Linux), and is then taken over.

const LOCK_SUFFIX = '.lock';

export type ClaimRole = 'server' | 'import' | 'export' | 'database';

export interface ClaimOwner extends ProcessIdentity {
  role: ClaimRole;
}

export class DirectoryClaimed extends Error {
  constructor(
    readonly owner: ClaimOwner,
    /** 'unsure': a process has the owner's pid, but it may be a later one (no /proc) */
    readonly liveness: Exclude<Liveness, 'dead'>,
    readonly lockPath: string,
  ) {
    super(
      `The embedded database ${lockPath.slice(0, -LOCK_SUFFIX.length)} is open in another process: ${describeClaimOwner(owner)}.` +
        (liveness === 'unsure' ? ` If no such process of Stride runs, delete ${lockPath} and try again.` : ''),
    );
  }
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pgdata');
}

export const claimPathFor = (dir: string) => `${resolve(/* turbopackIgnore: true */ dir)}${LOCK_SUFFIX}`;

export function describeClaimOwner(owner: ClaimOwner): string {
  if (owner.role === 'server') return `the Stride server (pid ${owner.pid})`;
  if (owner.role === 'database') return `process ${owner.pid}`;
  return `\`npm run ${owner.role}\` (pid ${owner.pid})`;
}

/** This process's claims (server/process-state.ts: Next.js may load this module in several bundles). */
function held(): Set<string> {
  return processValueOr('pgliteClaims', () => {
    const claims = new Set<string>();
    // process.exit() skips the database's close: the claim must not outlive the process anyway
    process.once('exit', () => claims.forEach(removeIfOurs));
    return claims;
  });
}

function readRaw(lockPath: string): string | null {
  try {
    return readFileSync(lockPath, 'utf8');
  } catch {
    return null;
  }
}

function parseOwner(raw: string | null): ClaimOwner | null {
  try {
    const owner = JSON.parse(raw ?? '') as ClaimOwner;
    return Number.isInteger(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

/** The claim recorded for a directory, whether or not its process lives. */
export function readClaim(dir: string): ClaimOwner | null {
  return parseOwner(readRaw(claimPathFor(dir)));
}

function isOurs(owner: ClaimOwner | null): boolean {
  const me = ownIdentity();
  return owner !== null && owner.pid === me.pid && owner.started === me.started;
}

function removeIfOurs(lockPath: string): void {
  if (isOurs(parseOwner(readRaw(lockPath)))) rmSync(lockPath, { force: true });
}

/**
 * Moves a stale claim aside, then checks that what it moved is the claim it judged: between the
 * read and the move another process may have taken the stale claim over, and its fresh claim is
 * put back. (Were a third process to claim in that instant too, two would hold it: a race of three
 * processes over one stale lock file within microseconds, which this accepts.)
 */
function removeStale(lockPath: string, judged: string): void {
  const aside = `${lockPath}.stale-${process.pid}-${randomUUID()}`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return; // already gone: someone else removed it
  }
  try {
    if (readRaw(aside) !== judged) linkSync(aside, lockPath);
  } finally {
    unlinkSync(aside);
  }
}

/**
 * Claims a PGlite directory for this process (again, if it holds it already: the server claims at
 * start, before its database module opens it). Throws DirectoryClaimed while another process holds it.
 */
export function claimDirectory(dir: string, role: ClaimRole): void {
  const lockPath = claimPathFor(dir);
  mkdirSync(dirname(lockPath), { recursive: true });
  const mine = JSON.stringify({ ...ownIdentity(), role } satisfies ClaimOwner);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    // written whole beside it, then linked into place: link fails if the lock exists (as O_EXCL
    // does), and a reader never sees a half-written claim
    const draft = `${lockPath}.${process.pid}-${randomUUID()}`;
    writeFileSync(draft, mine, { mode: 0o600 });
    try {
      linkSync(draft, lockPath);
      held().add(lockPath);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
    const raw = readRaw(lockPath);
    if (raw === null) continue;
    const owner = parseOwner(raw);
    if (isOurs(owner)) {
      held().add(lockPath);
      return;
    }
    const liveness = owner ? livenessOf(owner) : 'dead';
    if (owner && liveness !== 'dead') throw new DirectoryClaimed(owner, liveness, lockPath);
    removeStale(lockPath, raw);
  }
  throw new Error(`Could not claim the embedded database ${dir}: its lock file ${lockPath} kept changing.`);
}

/** Ends this process's claim (the database is closed). */
export function releaseDirectory(dir: string): void {
  const lockPath = claimPathFor(dir);
  held().delete(lockPath);
  removeIfOurs(lockPath);
}
