import type { JobItemError } from '@/db/schema';
import { isAppError } from '@/server/errors';
import { ArchiveItemError } from '@/server/formats/archive';

// How one item's failure is recorded in the job (CONTRACT: Ingestion jobs errors: item, code,
// detail). Whatever concerns only this item (a refused entry, a file the parser rejects, a disk
// that is full, a file that vanished) fails the item; anything else (the database went away) is
// rethrown so the step is retried and, being idempotent, stores nothing twice.

export const ITEM_CODES = {
  refused: 'refused_entry',
  missing: 'missing_file',
  invalid: 'invalid_file',
  storage: 'storage_failed',
  media: 'media_skipped',
  gear: 'gear_csv_skipped',
  stride: 'stride_json_skipped',
} as const;

const isFsError = (error: unknown): error is NodeJS.ErrnoException =>
  typeof (error as NodeJS.ErrnoException)?.code === 'string' &&
  /^E[A-Z]+$/.test((error as NodeJS.ErrnoException).code!) &&
  typeof (error as NodeJS.ErrnoException).syscall === 'string';

export function itemError(item: string, error: unknown): JobItemError {
  if (error instanceof ArchiveItemError) return { item, code: ITEM_CODES.refused, detail: error.reason };
  if (isAppError(error) && (error.kind === 'invalid_input' || error.kind === 'failed_dependency')) {
    return { item, code: ITEM_CODES.invalid, detail: error.detail };
  }
  if (isFsError(error)) {
    const detail = error.code === 'ENOSPC' ? 'The disk is full: the file could not be stored.' : `The file could not be stored (${error.code}).`;
    return { item, code: ITEM_CODES.storage, detail };
  }
  throw error;
}
