import { accountExportFunction } from './account-export';
import { archiveImportFunction } from './archive-import';
import { providerSyncFunction } from './provider-sync';

export const functions = [providerSyncFunction, archiveImportFunction, accountExportFunction];
