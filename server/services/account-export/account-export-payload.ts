/** What an account_export job carries: written by the service that queues it, read by its body (server/jobs). */
export interface AccountExportPayload {
  userId: number;
}

/** What the job keeps as its result; the download reads `path` (relative to DATA_DIR). */
export interface AccountExportResult {
  path: string;
  activities: number;
  bytes: number;
}
