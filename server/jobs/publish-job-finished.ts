import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { jobs } from '@/db/schema';
import { log } from '@/server/log/logger';
import { queueWebhookEvent } from '@/server/services/webhooks/queue-webhook-event';

/**
 * CONTRACT: Beyond the spec … Integrations: `job.finished` with `{ job_id, kind, status }`, once,
 * by whichever runner finished the job. Webhook deliveries themselves raise none (a delivery's
 * end would otherwise queue another delivery).
 */
export async function publishJobFinished(db: Db, jobId: string): Promise<void> {
  const [job] = await db
    .select({ userId: jobs.userId, kind: jobs.kind, status: jobs.status })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .catch((error: unknown) => {
      // the job's own outcome is recorded; a lost notification must not make the runner retry it
      log().error({ err: error, job_id: jobId }, 'could not read a finished job for job.finished');
      return [];
    });
  if (!job || job.kind === 'webhook_delivery' || (job.status !== 'succeeded' && job.status !== 'failed')) return;
  await queueWebhookEvent(db, job.userId, 'job.finished', { job_id: jobId, kind: job.kind, status: job.status });
}
