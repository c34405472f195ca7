import { bigint, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { activities } from './activities';
import { users } from './users';

// CONTRACT: Explorer, goals, gear components, segments. Each activity's explorer tiles
// (server/formats/explorer/track-tiles.ts: keys x · 2^zoom + y, ascending), computed where the
// file was parsed. `version` is the algorithm's (EXPLORER_TILES_VERSION): the backfill job computes
// every row of an older version again; empty arrays record "no track".
export const activityTiles = pgTable(
  'activity_tiles',
  {
    activityId: integer('activity_id')
      .primaryKey()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    z14: bigint('z14', { mode: 'number' }).array().notNull(),
    z17: bigint('z17', { mode: 'number' }).array().notNull(),
  },
  (t) => [index('activity_tiles_user_idx').on(t.userId)],
);
