import { router } from './init';
import { apiKeysRouter } from './routers/api-keys';
import { mfaRouter } from './routers/mfa';
import { sessionsRouter } from './routers/sessions';
import { profileRouter } from './routers/profile';
import { systemRouter } from './routers/system';

export const appRouter = router({
  system: systemRouter,
  profile: profileRouter,
  mfa: mfaRouter,
  apiKeys: apiKeysRouter,
  sessions: sessionsRouter,
});

export type AppRouter = typeof appRouter;
