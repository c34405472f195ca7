import { accountExportFunction } from './account-export';
import { archiveImportFunction } from './archive-import';
import { inboxImportFunction } from './inbox-import';
import { providerSyncFunction } from './provider-sync';
import { stravaPushFunction } from './strava-push';
import { webhookDeliveryFunction } from './webhook-delivery';

export const functions = [providerSyncFunction, archiveImportFunction, accountExportFunction, webhookDeliveryFunction, stravaPushFunction, inboxImportFunction];
