import { markSegmentMatched, matchSegmentBatch, nextStaleSegment } from '@/server/services/segments/match-segment-history';
import { EMPTY_PROGRESS } from '@/server/job-queue/enqueue-job';
import type { JobBody } from './job-body';
import { saveJobProgress } from '@/server/job-queue/save-job-progress';

export interface SegmentMatchPayload {
  userId: number;
}

/** activities per step: their dense tracks are read in one statement */
const BATCH = 100;

/**
 * CONTRACT: Explorer, goals, gear components, segments: every segment of the user whose history is
 * not matched by this matcher (new, edited, rematched, or of an older matcher version), one after
 * another, in batches of activities; progress counts activities over the segments taken so far.
 */
export const segmentMatchJob: JobBody<SegmentMatchPayload, { segments: number; efforts: number }> = async ({ jobId, payload, step, db }) => {
  let [total, done, efforts] = [0, 0, 0];
  for (let n = 0; ; n++) {
    const next = await step.run(`segment ${n}`, async () => {
      const found = await nextStaleSegment(db, payload.userId);
      return found && { id: found.segment.id, polyline: found.segment.polyline, activityIds: found.activityIds };
    });
    if (!next) {
      await step.run('done', () => saveJobProgress(db, jobId, { progress: { ...EMPTY_PROGRESS, total, done, created: efforts } }));
      return { segments: n, efforts };
    }
    total += next.activityIds.length;
    for (let start = 0; start < next.activityIds.length; start += BATCH) {
      const batch = next.activityIds.slice(start, start + BATCH);
      efforts += await step.run(`segment ${n} batch ${start}`, async () => {
        const written = await matchSegmentBatch(db, payload.userId, next.id, batch);
        await saveJobProgress(db, jobId, { progress: { ...EMPTY_PROGRESS, total, done: done + batch.length, created: efforts + written } });
        return written;
      });
      done += batch.length;
    }
    await step.run(`segment ${n} matched`, () => markSegmentMatched(db, next.id, next.polyline));
  }
};
