import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusArchive, repeatedArchive } from './build-archives';

// The benchmark archives are built once and kept in BENCH_CACHE_DIR (default
// <tmp>/stride-bench-import-cache): writing a 1 GB zip costs minutes, and a rerun measures the same bytes.

/** The cached archive (the corpus export, or the corpus repeated to `targetMb`), built when absent. */
export async function cachedArchive(which: 'corpus' | '1gb', targetMb: number): Promise<string> {
  const cache = process.env.BENCH_CACHE_DIR ?? join(tmpdir(), 'stride-bench-import-cache');
  mkdirSync(cache, { recursive: true });
  const name = which === 'corpus' ? 'corpus-export.zip' : `repeated-${targetMb}mb.zip`;
  const path = join(cache, name);
  if (!existsSync(path)) {
    // under a temporary name, so a cut-short build is not kept
    await (which === 'corpus' ? corpusArchive(`${path}.partial`) : repeatedArchive(`${path}.partial`, targetMb * 1024 * 1024));
    renameSync(`${path}.partial`, path);
  }
  return path;
}
