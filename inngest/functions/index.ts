import { accountExportFunction } from './account-export';
import { archiveImportFunction } from './archive-import';
import { effortsBackfillFunction } from './efforts-backfill';
import { inboxImportFunction } from './inbox-import';
import { loadRecomputeFunction } from './load-recompute';
import { providerSyncFunction } from './provider-sync';
import { routeBackfillFunction } from './route-backfill';
import { explorerBackfillFunction } from './explorer-backfill';
import { figuresBackfillFunction } from './figures-backfill';
import { segmentMatchFunction } from './segment-match';
import { stravaPushFunction } from './strava-push';
import { userFilesDeleteFunction } from './user-files-delete';
import { webhookDeliveryFunction } from './webhook-delivery';

export const functions = [
  providerSyncFunction,
  archiveImportFunction,
  accountExportFunction,
  effortsBackfillFunction,
  webhookDeliveryFunction,
  stravaPushFunction,
  inboxImportFunction,
  routeBackfillFunction,
  explorerBackfillFunction,
  figuresBackfillFunction,
  segmentMatchFunction,
  loadRecomputeFunction,
  userFilesDeleteFunction,
];
