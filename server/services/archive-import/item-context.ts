import type { Db } from '@/db/client';
import type { JobItemError } from '@/db/schema';
import type { ImportSession } from './import-session';

// What each item of an export is imported with, and what it comes to: one module that the item
// importers (import-export-item.ts, import-stride-activity.ts) and their helpers all import, so
// none of them imports another for its types.

export interface ItemContext {
  db: Db;
  userId: number;
  session: ImportSession;
  label: string;
  initiatedAt: string;
  /** the job and export this item belongs to: with the entry's path it names the stored files */
  fileKey: string;
}

export interface ItemOutcome {
  created: number[];
  skipped: number;
  failed: number;
  errors: JobItemError[];
}
