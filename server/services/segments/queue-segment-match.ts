import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { selectRows } from '@/db/select-rows';
import { jobs, type JobRow } from '@/db/schema';
import { dispatchJob } from '@/server/job-queue/dispatch-job';
import { recordJob } from '@/server/job-queue/enqueue-job';
import { SEGMENT_MATCHER_VERSION } from '@/server/formats/segments/match-segment';

// CONTRACT: Explorer, goals, gear components, segments: a new or edited segment, a rematch and a
// matcher version bump all leave segments whose history is not matched with this matcher
// (matcher_version below SEGMENT_MATCHER_VERSION); one segment_match job per user matches them
// all, taking them one at a time until none is left, so a segment made stale while it runs is
// matched too. A queued job is reused; the look and the insert hold a per-user lock (instances
// and requests at once queue one).

const LOCK = 7353;

/** The user's queued segment_match job, or a new one. */
export async function queueSegmentMatch(db: Db, userId: number): Promise<JobRow> {
  const { row, created } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK}::integer, ${userId}::integer)`);
    const [queued] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.userId, userId), eq(jobs.kind, 'segment_match'), eq(jobs.status, 'queued')))
      .limit(1);
    return queued ? { row: queued, created: false } : { row: await recordJob(tx, { kind: 'segment_match', userId, payload: { userId } }), created: true };
  });
  if (created) await dispatchJob(db, row);
  return row;
}

/** At start: a job for each user with a segment not matched by this matcher version. */
export async function queueSegmentMatches(db: Db): Promise<JobRow[]> {
  const users = await selectRows<{ user_id: number }>(db, sql`select distinct user_id from segments where matcher_version < ${SEGMENT_MATCHER_VERSION}`);
  const queued: JobRow[] = [];
  for (const { user_id } of users) queued.push(await queueSegmentMatch(db, user_id));
  return queued;
}
