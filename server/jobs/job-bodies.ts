import type { JobKind } from '@/db/schema';
import type { JobBody } from './job-body';

// Which body runs a job of each kind, for both runners. Each kind's body registers here, loaded
// on first use: a process loads only the code of the jobs it runs (the export CLI then carries no
// parsers or provider client, and stays smaller: bench/export, figures in bench/README.md).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payloads differ per kind
type AnyJobBody = JobBody<any>;

const bodies: Partial<Record<JobKind, () => Promise<AnyJobBody>>> = {
  provider_sync: async () => (await import('./provider-sync-job')).providerSyncJob,
  archive_import: async () => (await import('./archive-import-job')).archiveImportJob,
  account_export: async () => (await import('./account-export')).accountExportJob,
  efforts_backfill: async () => (await import('./efforts-backfill-job')).effortsBackfillJob,
  webhook_delivery: async () => (await import('./webhook-delivery-job')).webhookDeliveryJob,
  strava_push: async () => (await import('./strava-push-job')).stravaPushJob,
  inbox_import: async () => (await import('./inbox-import-job')).inboxImportJob,
  route_backfill: async () => (await import('./route-backfill-job')).routeBackfillJob,
  load_recompute: async () => (await import('./load-recompute-job')).loadRecomputeJob,
  user_files_delete: async () => (await import('./user-files-delete-job')).userFilesDeleteJob,
  explorer_backfill: async () => (await import('./explorer-backfill-job')).explorerBackfillJob,
  figures_backfill: async () => (await import('./figures-backfill-job')).figuresBackfillJob,
  segment_match: async () => (await import('./segment-match-job')).segmentMatchJob,
};

let overrides: Partial<Record<JobKind, AnyJobBody>> = {};

export async function jobBodyFor(kind: JobKind): Promise<AnyJobBody | undefined> {
  return overrides[kind] ?? (await bodies[kind]?.());
}

/** Tests run the machinery with a body of their own under a real kind. */
export function setJobBodyForTests(kind: JobKind, body: AnyJobBody | undefined): void {
  overrides = { ...overrides, [kind]: body };
}
