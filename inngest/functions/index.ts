import { accountExportFunction } from './account-export';
import { archiveImportFunction } from './archive-import';
import { providerSyncFunction } from './provider-sync';
import { routeBackfillFunction } from './route-backfill';

export const functions = [providerSyncFunction, archiveImportFunction, accountExportFunction, routeBackfillFunction];
