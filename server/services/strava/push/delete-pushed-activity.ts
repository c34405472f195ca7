import type { Db } from '@/db/client';
import { deleteActivity } from '../../activities/delete-activity';
import { findSyncedActivity } from './find-synced-activity';

/** CONTRACT: Beyond the spec … Integrations: an activity `delete` deletes the synced activity. */
export async function deletePushedActivity(db: Db, userId: number, stravaId: number): Promise<{ deleted: boolean }> {
  const found = await findSyncedActivity(db, userId, stravaId);
  if (!found) return { deleted: false };
  await deleteActivity(db, userId, found.id);
  return { deleted: true };
}
