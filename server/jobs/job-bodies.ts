import type { JobKind } from '@/db/schema';
import { archiveImportJob } from './archive-import-job';
import { accountExportJob } from './account-export';
import type { JobBody } from './job-body';
import { providerSyncJob } from './provider-sync-job';

// Which body runs a job of each kind, for both runners. Each kind's body registers here.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payloads differ per kind
type AnyJobBody = JobBody<any>;

const bodies: Partial<Record<JobKind, AnyJobBody>> = {
  provider_sync: providerSyncJob,
  archive_import: archiveImportJob,
  account_export: accountExportJob,
};

let overrides: Partial<Record<JobKind, AnyJobBody>> = {};

export function jobBodyFor(kind: JobKind): AnyJobBody | undefined {
  return overrides[kind] ?? bodies[kind];
}

/** Tests run the machinery with a body of their own under a real kind. */
export function setJobBodyForTests(kind: JobKind, body: AnyJobBody | undefined): void {
  overrides = { ...overrides, [kind]: body };
}
