import { getHealth } from '@/server/services/health/get-health';
import { publicProcedure, router } from '../init';

export const systemRouter = router({
  // the twin of GET /health (DEFAULT tier)
  health: publicProcedure('DEFAULT').query(({ ctx }) => getHealth(ctx.db)),
});
