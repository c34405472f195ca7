/** What an archive_import job carries: written by the service that starts it, read by its body (server/jobs). */
export interface ArchiveImportPayload {
  userId: number;
  /** absolute paths of the exports (zip files or folders), imported in this order */
  paths: string[];
  /** those of the paths that were uploaded: deleted when the job ends */
  uploads?: string[];
}
