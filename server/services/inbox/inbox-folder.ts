import { join } from 'node:path';
import { formatFromFilename } from '@/server/formats';
import { dropFolder } from '../archive-import/drop-folder';

// CONTRACT: Beyond the spec … Integrations: the watched folder is <DATA_DIR>/imports/<user_id>/inbox/,
// with done/ and failed/ inside it. A file is read once its size and modification time held
// still across two looks (INBOX_POLL_SECONDS apart): a writer still appending changes one of
// them. Hidden names (Syncthing's `.syncthing.*.tmp`) and `*.part` are never read.

export function inboxFolder(userId: number): string {
  return join(dropFolder(userId), 'inbox');
}

/** An activity file (.fit, .gpx, .tcx, any of them .gz) that is not hidden or partial. */
export function isInboxCandidate(name: string): boolean {
  return !name.startsWith('.') && !/\.part$/i.test(name) && Boolean(formatFromFilename(name).format);
}
