import { explorerSummaryRead, explorerTilesRead, newTilesRead } from '@/server/services/explorer/reads';
import { readProcedure, router } from '../init';

// twins of /explorer/summary, /explorer/tiles and /activities/{id}/new_tiles (CONTRACT: Explorer, goals, gear components, segments)
export const explorerRouter = router({
  summary: readProcedure('DEFAULT', explorerSummaryRead),
  tiles: readProcedure('DEFAULT', explorerTilesRead),
  newTiles: readProcedure('DEFAULT', newTilesRead),
});
