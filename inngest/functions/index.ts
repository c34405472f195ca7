import { accountExportFunction } from './account-export';
import { archiveImportFunction } from './archive-import';
import { effortsBackfillFunction } from './efforts-backfill';
import { providerSyncFunction } from './provider-sync';

export const functions = [providerSyncFunction, archiveImportFunction, accountExportFunction, effortsBackfillFunction];
