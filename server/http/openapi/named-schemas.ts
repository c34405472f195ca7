import type { z } from 'zod';
import { accountExportResponse } from '@/server/services/account-export/schemas';
import {
  activityPageResponse,
  activityResponse,
  lapResponse,
  streamsResponse,
  uploadedActivityResponse,
  zonesResponse,
} from '@/server/services/activities/schemas';
import { mediaResponse } from '@/server/services/activity-media/schemas';
import { apiKeyResponse } from '@/server/services/api-keys/schemas';
import { mfaRequiredResponse, mobileTokenResponse, pkcePendingResponse, webTokenResponse } from '@/server/services/auth/schemas';
import { bestEffortsResponse, recordsResponse } from '@/server/services/efforts/schemas';
import { gearCsvImportResponse, gearResponse } from '@/server/services/gear/schemas';
import { identityProviderResponse, publicIdentityProviderResponse } from '@/server/services/identity-providers/schemas';
import { jobHandleResponse, jobResponse } from '@/server/job-queue/schemas';
import { backupCodesResponse, backupCodeStatusResponse, mfaSetupResponse } from '@/server/services/mfa/schemas';
import { notificationResponse } from '@/server/services/notifications/schemas';
import { sessionResponse } from '@/server/services/sessions/schemas';
import { identityLinkResponse } from '@/server/services/sso/schemas';
import { calendarResponse, statsBucket, summaryResponse } from '@/server/services/stats/schemas';
import { stravaStatusResponse } from '@/server/services/strava/schemas';
import { userResponse } from '@/server/services/users/schemas';
import { webhookDeliveryResponse, webhookResponse } from '@/server/services/webhooks/schemas';
import { weightResponse } from '@/server/services/weight/schemas';

// The records the document names once under components.schemas and refers to elsewhere (a
// local list rather than zod's global registry, which refuses an id registered twice, as a
// module reloaded by the dev server would do).

export const namedSchemas = new Map<z.ZodType, string>([
  [activityResponse, 'Activity'],
  [activityPageResponse, 'ActivityPage'],
  [uploadedActivityResponse, 'UploadedActivity'],
  [lapResponse, 'Lap'],
  [streamsResponse, 'Streams'],
  [zonesResponse, 'HeartRateZones'],
  [mediaResponse, 'Photo'],
  [bestEffortsResponse, 'BestEfforts'],
  [recordsResponse, 'Records'],
  [statsBucket, 'StatsBucket'],
  [calendarResponse, 'Calendar'],
  [summaryResponse, 'StatsSummary'],
  [jobResponse, 'Job'],
  [jobHandleResponse, 'JobHandle'],
  [accountExportResponse, 'AccountExport'],
  [gearResponse, 'Gear'],
  [gearCsvImportResponse, 'GearCsvImport'],
  [weightResponse, 'Weight'],
  [userResponse, 'User'],
  [sessionResponse, 'Session'],
  [apiKeyResponse, 'ApiKey'],
  [identityProviderResponse, 'IdentityProvider'],
  [publicIdentityProviderResponse, 'PublicIdentityProvider'],
  [identityLinkResponse, 'IdentityLink'],
  [notificationResponse, 'Notification'],
  [stravaStatusResponse, 'StravaStatus'],
  [webTokenResponse, 'WebTokenResponse'],
  [mobileTokenResponse, 'MobileTokenResponse'],
  [mfaRequiredResponse, 'MfaRequired'],
  [pkcePendingResponse, 'PkceSessionPending'],
  [mfaSetupResponse, 'MfaSetup'],
  [backupCodesResponse, 'BackupCodes'],
  [backupCodeStatusResponse, 'BackupCodeStatus'],
  [webhookResponse, 'Webhook'],
  [webhookDeliveryResponse, 'WebhookDelivery'],
]);
