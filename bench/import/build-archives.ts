import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ZipWriter } from '../../server/formats/archive/test-support/zip-writer';
import { MANIFEST_HEADERS } from '../../server/formats/archive/manifest';
import { writeCorpusExport } from '../../server/services/archive-import/test-support/corpus-export';

// The two benchmark archives, written to /tmp at bench time (never committed):
//   (a) the corpus export: the real manifest, each accepted corpus file under one of its rows;
//   (b) ~1 GB: the accepted corpus files repeated, each copy under its own manifest row (its own
//       Activity ID, so every copy is stored, not skipped as a re-import).

const CORPUS_DIR = process.env.CORPUS_DIR ?? join(process.cwd(), '../shared/corpus');

export const corpusArchive = (path: string) => writeCorpusExport(path);

export async function repeatedArchive(path: string, targetBytes: number): Promise<{ files: number; bytes: number }> {
  const files = ['fit', 'gpx', 'tcx'].flatMap((d) =>
    readdirSync(join(CORPUS_DIR, d))
      .sort()
      .map((f) => join(CORPUS_DIR, d, f)),
  );
  const gz = files.map((f) => ({ ext: /\.(fit|gpx|tcx)/.exec(f)![1]!, data: f.endsWith('.gz') ? readFileSync(f) : gzipSync(readFileSync(f)) }));
  const perSet = gz.reduce((s, f) => s + f.data.length, 0);
  const sets = Math.max(1, Math.round(targetBytes / perSet));
  const rows = [MANIFEST_HEADERS.join(',')];
  const zip = new ZipWriter(path);
  let id = 1_000_000;
  for (let set = 0; set < sets; set += 1) {
    for (const file of gz) {
      id += 1;
      const name = `activities/${id}.${file.ext}.gz`;
      rows.push(`${name},${id},Copy ${id},,,"Jan 1, 2020, 8:00:00 AM",,`);
      await zip.add({ name, data: file.data, method: 'store' });
    }
  }
  await zip.add({ name: 'activities.csv', data: Buffer.from(rows.join('\n')) });
  await zip.close();
  return { files: sets * gz.length, bytes: statSync(path).size };
}
