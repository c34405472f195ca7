import { getHealth } from '@/server/services/health/get-health';
import { publicProcedure, router } from '../init';

export const systemRouter = router({
  health: publicProcedure.query(({ ctx }) => getHealth(ctx.db)),
});
