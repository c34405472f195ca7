import type { Db } from '@/db/client';
import type { JobRow } from '@/db/schema';
import { queueBackfillsOf } from '@/server/job-queue/queue-user-backfills';
import { staleFigureUsers } from './recompute-activity-figures';

// CONTRACT: Real history and hand-made activities: a FIGURES_ALGORITHM_VERSION bump recomputes every
// stored activity, visible as jobs. At start-up each user with a kept original read by an older
// version gets one figures_backfill job (queue-user-backfills.ts: one across instances).

export function queueFiguresBackfill(db: Db): Promise<JobRow[]> {
  return queueBackfillsOf(db, 'figures_backfill', staleFigureUsers);
}
