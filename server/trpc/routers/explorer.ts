import { z } from 'zod';
import { rowId } from '@/server/http/params';
import { listExplorerTiles } from '@/server/services/explorer/list-explorer-tiles';
import { listNewTiles } from '@/server/services/explorer/list-new-tiles';
import { explorerSummaryRead } from '@/server/services/explorer/reads';
import { explorerTilesInput } from '@/server/services/explorer/schemas';
import { authedProcedure, readProcedure, router } from '../init';

// twins of /explorer/summary, /explorer/tiles and /activities/{id}/new_tiles (CONTRACT: Explorer, goals, gear components, segments)
export const explorerRouter = router({
  summary: readProcedure('DEFAULT', explorerSummaryRead),
  tiles: authedProcedure('DEFAULT')
    .input(explorerTilesInput)
    .query(({ ctx, input }) => listExplorerTiles(ctx.db, ctx.user.userId, input)),
  newTiles: authedProcedure('DEFAULT')
    .input(z.object({ id: rowId }))
    .query(({ ctx, input }) => listNewTiles(ctx.db, ctx.user.userId, input.id)),
});
