import { inflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LAP_FIELDS, sectionFields } from '../../server/activity-fields';
import { ACTIVITY_TYPE_SOURCES } from '../../server/formats/activity-types';
import { deflateJsonArray } from '../stream-codec';
import { fieldColumns } from './field-columns';
import { gears } from './gear';
import { users } from './users';

export const VISIBILITIES = ['public', 'followers', 'private'] as const;
export const ACTIVITY_SOURCES = ['upload', 'strava', 'import', 'manual'] as const;

/** CONTRACT: Activities: the import record of file-imported activities. */
/** Figures an archive's manifest may give (CONTRACT: Beyond the spec … Imported history), by wire name. */
export const MANIFEST_FIGURE_NAMES = ['total_elapsed_time', 'moving_time', 'distance', 'elevation_gain'] as const;
export type ManifestFigureName = (typeof MANIFEST_FIGURE_NAMES)[number];

export interface ActivityImportRecord {
  initiated_at: string;
  label: string;
  provider_activity_id: number | null;
  /** CONTRACT: Beyond the spec … Imported history: wire names of the figures the manifest gave (absent in older records) */
  figures_from_manifest?: ManifestFigureName[];
}

export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    activityType: text('activity_type').notNull(),
    // "file" (the file or provider named it), "inferred" (name/creator/motion), "user" (edited)
    activityTypeSource: text('activity_type_source', { enum: ACTIVITY_TYPE_SOURCES }).notNull().default('file'),
    // spec: "Start time is stored as a timezone-aware UTC timestamp"
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    ...fieldColumns(sectionFields('summary')),
    visibility: text('visibility', { enum: VISIBILITIES }).notNull().default('private'),
    isHidden: boolean('is_hidden').notNull().default(false),
    // CONTRACT: Real history … the owner takes an activity out of records (its efforts stay on its page)
    excludeFromRecords: boolean('exclude_from_records').notNull().default(false),
    gearId: integer('gear_id').references(() => gears.id, { onDelete: 'set null' }),
    ...fieldColumns(sectionFields('device')),
    source: text('source', { enum: ACTIVITY_SOURCES }).notNull(),
    providerActivityId: bigint('provider_activity_id', { mode: 'number' }),
    importRecord: jsonb('import').$type<ActivityImportRecord | null>(),
    // spec: provider sync: "the dedup key <provider>:<provider_activity_id> is kept"
    dedupKey: text('dedup_key'),
    ...fieldColumns(sectionFields('start')),
    hasStreams: boolean('has_streams').notNull().default(false),
    // the uploaded file under DATA_DIR (relative path), for export?format=original
    originalPath: text('original_path'),
    originalFilename: text('original_filename'),
    // FIGURES_ALGORITHM_VERSION the figures and streams were computed by; rows stored before it existed are 1
    figuresVersion: integer('figures_version').notNull().default(1),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_user_start_idx').on(t.userId, t.startTime),
    index('activities_gear_idx').on(t.gearId),
    // the records' longest distance and time and biggest climb: each the first visible match of a range (CONTRACT: … Best efforts and records)
    index('activities_user_distance_idx').on(t.userId, t.distance),
    index('activities_user_moving_time_idx').on(t.userId, t.movingTime),
    index('activities_user_elevation_gain_idx').on(t.userId, t.elevationGain),
    uniqueIndex('activities_user_dedup_idx').on(t.userId, t.dedupKey),
    check('activities_visibility_check', sql`${t.visibility} in ('public', 'followers', 'private')`),
    check('activities_source_check', sql`${t.source} in ('upload', 'strava', 'import', 'manual')`),
    check('activities_type_source_check', sql`${t.activityTypeSource} in ('file', 'inferred', 'user')`),
  ],
);

export type ActivityRow = typeof activities.$inferSelect;

export const activityLaps = pgTable(
  'activity_laps',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    lapIndex: integer('lap_index').notNull(),
    ...fieldColumns(LAP_FIELDS),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.lapIndex] })],
);

export type ActivityLapRow = typeof activityLaps.$inferSelect;

/**
 * A JSON array stored as base64 of raw deflate (level 1) in a text column. The database neither
 * parses it (jsonb parsed ~10^5 numbers per upload) nor compresses it (TOAST's pglz runs in WASM on
 * PGlite): Node's zlib does it quickly and shrinks a ride's streams to under half
 * (bench/README.md). Values that start with "[" are plain JSON text, as migration 0002 first stored them.
 */
const jsonArrayText = <T>(name: string) =>
  customType<{ data: T; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => deflateJsonArray(value as unknown[]).toString('base64'),
    fromDriver: (value) => JSON.parse(value.startsWith('[') ? value : inflateRawSync(Buffer.from(value, 'base64')).toString('utf8')) as T,
  })(name);

/**
 * One row per activity: each stream is one JSON array aligned with `time` (nulls where a point
 * has no value). A 3-hour 1 Hz ride is ~11k points: a handful of arrays, not 11k rows.
 */
export const activityStreams = pgTable('activity_streams', {
  activityId: integer('activity_id')
    .primaryKey()
    .references(() => activities.id, { onDelete: 'cascade' }),
  time: jsonArrayText<number[]>('time').notNull(),
  lat: jsonArrayText<(number | null)[]>('lat'),
  lon: jsonArrayText<(number | null)[]>('lon'),
  distance: jsonArrayText<(number | null)[]>('distance'),
  altitude: jsonArrayText<(number | null)[]>('altitude'),
  heartRate: jsonArrayText<(number | null)[]>('heart_rate'),
  cadence: jsonArrayText<(number | null)[]>('cadence'),
  power: jsonArrayText<(number | null)[]>('power'),
  speed: jsonArrayText<(number | null)[]>('speed'),
  temperature: jsonArrayText<(number | null)[]>('temperature'),
});

export type ActivityStreamsRow = typeof activityStreams.$inferSelect;

/** Written by the activity.created subscribers (server/events), after the activity is stored. */
export const activityHrZones = pgTable('activity_hr_zones', {
  activityId: integer('activity_id')
    .primaryKey()
    .references(() => activities.id, { onDelete: 'cascade' }),
  maxHeartRate: integer('max_heart_rate').notNull(),
  // [{ zone, min_bpm, max_bpm, seconds }] for zones 1..5
  zones: jsonb('zones').$type<{ zone: number; min_bpm: number; max_bpm: number | null; seconds: number }[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const activityThumbnails = pgTable('activity_thumbnails', {
  activityId: integer('activity_id')
    .primaryKey()
    .references(() => activities.id, { onDelete: 'cascade' }),
  svg: text('svg').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A counter per user, raised by statement triggers (migration `activity_list_version_triggers`)
 * in the same transaction as every insert, update or delete of that user's activities. The
 * activity list's cache compares it with what it cached under (server/services/activities/
 * activity-page-cache.ts), so a cached page is never served after a change, on any instance.
 * No row yet means version 0.
 */
export const activityListVersions = pgTable('activity_list_versions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
