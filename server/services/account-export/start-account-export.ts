import { systemNow } from '@/server/clock';
import type { Db } from '@/db/client';
import type { JobRow } from '@/db/schema';
import { assertStepUp } from '../users/assert-step-up';
import { queueAccountExport } from './queue-account-export';
import type { StartAccountExportInput } from './schemas';

/** CONTRACT: Account export: step-up like API-key creation, then one export at a time per user. */
export async function startAccountExport(db: Db, userId: number, input: StartAccountExportInput, now = systemNow()): Promise<JobRow> {
  await assertStepUp(db, userId, input, 'Exporting the account', now);
  return queueAccountExport(db, userId);
}
