import { router } from './init';
import { accountExportRouter } from './routers/account-export';
import { activitiesRouter } from './routers/activities';
import { adminRouter } from './routers/admin';
import { identityLinksRouter } from './routers/identity-links';
import { inboxRouter } from './routers/inbox';
import { apiKeysRouter } from './routers/api-keys';
import { archiveImportRouter } from './routers/archive-import';
import { gearRouter } from './routers/gear';
import { explorerRouter } from './routers/explorer';
import { segmentsRouter } from './routers/segments';
import { gearComponentsRouter } from './routers/gear-components';
import { goalsRouter } from './routers/goals';
import { healthRouter } from './routers/health';
import { jobsRouter } from './routers/jobs';
import { mapsRouter } from './routers/maps';
import { notificationsRouter } from './routers/notifications';
import { performanceRouter } from './routers/performance';
import { mfaRouter } from './routers/mfa';
import { sessionsRouter } from './routers/sessions';
import { profileRouter } from './routers/profile';
import { progressRouter } from './routers/progress';
import { stravaRouter } from './routers/strava';
import { systemRouter } from './routers/system';
import { trainingLoadRouter } from './routers/training-load';
import { webhooksRouter } from './routers/webhooks';

export const appRouter = router({
  system: systemRouter,
  profile: profileRouter,
  mfa: mfaRouter,
  apiKeys: apiKeysRouter,
  sessions: sessionsRouter,
  activities: activitiesRouter,
  gear: gearRouter,
  gearComponents: gearComponentsRouter,
  goals: goalsRouter,
  explorer: explorerRouter,
  segments: segmentsRouter,
  health: healthRouter,
  notifications: notificationsRouter,
  jobs: jobsRouter,
  strava: stravaRouter,
  identityLinks: identityLinksRouter,
  admin: adminRouter,
  archiveImport: archiveImportRouter,
  accountExport: accountExportRouter,
  progress: progressRouter,
  webhooks: webhooksRouter,
  inbox: inboxRouter,
  maps: mapsRouter,
  trainingLoad: trainingLoadRouter,
  performance: performanceRouter,
});

export type AppRouter = typeof appRouter;
