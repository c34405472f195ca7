import { systemNowMs } from '@/server/clock';
import type { ArchiveImportPayload } from '@/server/services/archive-import/archive-import-payload';
import { knownBeforeReading, readExportItem, type ReadItem } from '@/server/services/archive-import/import-export-item';
import { storeExportItems } from '@/server/services/archive-import/store-export-items';
import { applyStrideJson } from '@/server/services/archive-import/apply-stride-json';
import { closeImportSession } from '@/server/services/archive-import/import-session';
import { addBatch, batchSize, importBatch, startTally } from '@/server/services/archive-import/import-tally';
import { openExportOrThrow, prepareExport, type PreparedExport } from '@/server/services/archive-import/prepare-export';
import type { JobBody } from './job-body';
import { saveJobProgress } from '@/server/job-queue/save-job-progress';

// Kind `archive_import` (CONTRACT: Strava, bulk archive; CONTRACT: Ingestion jobs): each export is
// prepared in one step (caps, manifest headers, stride.json's gear and weight, gear CSVs, the list
// of files), then its activity files are imported in batches, one step per batch, each saving the
// absolute progress, and a Stride export's stride.json is applied in a last step. A replay
// after a crash skips finished batches; a half-done batch runs again and finds what it stored by
// dedup key, so every activity is stored exactly once.

/** Inside a batch, progress is also saved every so often, so a progress bar moves between steps. */
const LIVE_PROGRESS_MS = 1_000;

export const archiveImportJob: JobBody<ArchiveImportPayload> = async ({ jobId, payload, step, db }) => {
  const { userId, paths } = payload;
  const sessionKey = (index: number) => `${jobId}:${index}`;
  try {
    const prepared: PreparedExport[] = [];
    for (const [index, path] of paths.entries()) {
      prepared.push(await step.run(`prepare ${index}`, () => prepareExport(db, userId, sessionKey(index), path)));
    }
    let tally = startTally(prepared);
    const start = tally;
    await step.run('progress', () => saveJobProgress(db, jobId, start));
    for (const [index, exported] of prepared.entries()) {
      const size = batchSize(exported.items.length);
      for (let from = 0; from < exported.items.length; from += size) {
        const items = exported.items.slice(from, from + size);
        const before = tally;
        const outcome = await step.run(`import ${index}:${from}`, async () => {
          const session = await openExportOrThrow(db, userId, sessionKey(index), paths[index]!);
          const context = { db, userId, session, label: exported.label, initiatedAt: exported.initiatedAt, fileKey: sessionKey(index) };
          // real time between live progress writes, not a time the job stores (server/clock.ts)
          let savedAt = systemNowMs();
          const known = await knownBeforeReading(context, items);
          const stages = { read: (path: string) => readExportItem(context, path, known), store: (reads: ReadItem[]) => storeExportItems(context, reads) };
          const batch = await importBatch(items, stages, async (done, soFar) => {
            if (systemNowMs() - savedAt < LIVE_PROGRESS_MS) return;
            savedAt = systemNowMs();
            await saveJobProgress(db, jobId, addBatch(before, done, soFar));
          });
          await saveJobProgress(db, jobId, addBatch(before, items.length, batch));
          return batch;
        });
        tally = addBatch(tally, items.length, outcome);
      }
      await step.run(`apply stride.json ${index}`, async () => {
        const session = await openExportOrThrow(db, userId, sessionKey(index), paths[index]!);
        return applyStrideJson(db, userId, session, exported);
      });
    }
    const sum = (pick: (p: PreparedExport) => { created: number; skipped: number }) =>
      prepared.reduce((total, p) => ({ created: total.created + pick(p).created, skipped: total.skipped + pick(p).skipped }), { created: 0, skipped: 0 });
    // an export prepared before weights were read (a replayed job) has none
    return { ...tally.progress, gear: sum((p) => p.gear), weights: sum((p) => p.weights ?? { created: 0, skipped: 0 }) };
  } finally {
    // the archives are only a cache of this process: a replay opens them again
    await Promise.all(paths.map((_, index) => closeImportSession(sessionKey(index))));
  }
};
