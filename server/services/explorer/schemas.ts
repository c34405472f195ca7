import { z } from 'zod';

// CONTRACT: Explorer, goals, gear components, segments: explorer inputs and answers (STYLE rule 4).

const zoom = z.coerce
  .number()
  .int()
  .refine((v) => v === 14 || v === 17, 'zoom must be 14 or 17')
  .transform((v) => v as 14 | 17);

export const explorerSummaryInput = z.object({ zoom });
export type ExplorerSummaryInput = z.infer<typeof explorerSummaryInput>;
export const explorerTilesInput = z.object({ zoom, bbox: z.string().max(200) });
export type ExplorerTilesInput = z.infer<typeof explorerTilesInput>;

export const explorerSummaryResponse = z.object({
  /** distinct tiles visited */
  tiles: z.number().int(),
  /** the largest square of visited tiles and its north-west tile */
  max_square: z.object({ size: z.number().int(), x: z.number().int(), y: z.number().int() }),
  /** tiles in the largest 4-connected group of cluster tiles (visited tiles whose four neighbours are visited) */
  max_cluster: z.number().int(),
  /** tiles first visited this year (the profile's timezone) */
  new_this_year: z.number().int(),
});
export type ExplorerSummary = z.infer<typeof explorerSummaryResponse>;

const tileFeature = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) }),
  properties: z.object({ x: z.number().int(), y: z.number().int(), zoom: z.number().int() }),
});
export const explorerTilesResponse = z.object({ type: z.literal('FeatureCollection'), features: z.array(tileFeature) });
export type ExplorerTilesCollection = z.infer<typeof explorerTilesResponse>;

export const newTilesResponse = z.object({
  z14: z.array(z.object({ x: z.number().int(), y: z.number().int() })),
  z17: z.array(z.object({ x: z.number().int(), y: z.number().int() })),
});
export type NewTiles = z.infer<typeof newTilesResponse>;
