import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { activities } from './activities';
import { users } from './users';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing.

/**
 * Each activity's simplified route (server/formats/route/route-polyline.ts), apart from the
 * activity's figures. `version` is the algorithm's (ROUTE_POLYLINE_VERSION): the backfill job
 * computes every row of an older version again. A null polyline records "no route" (fewer than two
 * positions), so the backfill does not look at that activity again.
 */
export const activityRoutes = pgTable('activity_routes', {
  activityId: integer('activity_id')
    .primaryKey()
    .references(() => activities.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  polyline: text('polyline'),
  // the recorded track's bounding box, for GET /activities/routes?bbox
  minLat: doublePrecision('min_lat'),
  minLon: doublePrecision('min_lon'),
  maxLat: doublePrecision('max_lat'),
  maxLon: doublePrecision('max_lon'),
});

/** Circles in which an owner's points are removed from every view by anyone else; radius in metres. */
export const privacyZones = pgTable(
  'privacy_zones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    radius: doublePrecision('radius').notNull(),
    // Issue 49 case 3: the zone's secret (never returned by any API) draws the hidden disc's offset
    // from the centre and the random extra cut of each activity, so kept ends do not reveal the centre.
    secret: uuid('secret').notNull().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('privacy_zones_user_idx').on(t.userId),
    check('privacy_zones_radius_check', sql`${t.radius} between 100 and 5000`),
    check('privacy_zones_position_check', sql`${t.lat} between -90 and 90 and ${t.lon} between -180 and 180`),
  ],
);

export type PrivacyZoneRow = typeof privacyZones.$inferSelect;
