import type { JobRow } from '@/db/schema';
import type { AccountExportResult } from '@/server/services/account-export/account-export-payload';
import { jobRecord } from '@/server/job-queue/job-record';
import { exportExpiresAt } from './export-files';
import type { JobHandleResponse } from '@/server/job-queue/schemas';
import type { AccountExportResponse } from './schemas';

// CONTRACT: Account export: the job in the ingestion-job shape plus download_url and expires_at.
export const accountExportStatusUrl = (jobId: string) => `/api/v1/profile/export/${jobId}`;

export function isExportExpired(row: JobRow, now: Date): boolean {
  return row.finishedAt !== null && exportExpiresAt(row.finishedAt) <= now;
}

export function accountExportRecord(row: JobRow, now: Date): AccountExportResponse {
  const ready = row.status === 'succeeded' && Boolean((row.result as AccountExportResult | null)?.path) && !isExportExpired(row, now);
  return {
    ...jobRecord(row, accountExportStatusUrl(row.id)),
    download_url: ready ? `${accountExportStatusUrl(row.id)}/download` : null,
    expires_at: row.status === 'succeeded' && row.finishedAt ? exportExpiresAt(row.finishedAt).toISOString() : null,
  };
}

export type AccountExportRecord = AccountExportResponse;

/** The 202 answer: `{ job_id, status_url }`, status_url being the export's own status path. */
export const accountExportHandle = (row: JobRow): JobHandleResponse => ({ job_id: row.id, status_url: accountExportStatusUrl(row.id) });
