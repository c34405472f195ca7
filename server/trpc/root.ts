import { router } from './init';
import { profileRouter } from './routers/profile';
import { systemRouter } from './routers/system';

export const appRouter = router({
  system: systemRouter,
  profile: profileRouter,
});

export type AppRouter = typeof appRouter;
