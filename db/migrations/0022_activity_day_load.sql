DROP TABLE "daily_loads" CASCADE;--> statement-breakpoint
ALTER TABLE "activity_days" ADD COLUMN "training_load" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (drizzle-kit has no functions or triggers). CONTRACT: … Training load: a day's load
-- is the summed training_load of its visible activities, kept in activity_days by its triggers like
-- every other daily figure, instead of a second table written by the service.
CREATE OR REPLACE FUNCTION activity_days_refresh(p_user integer, p_day date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := coalesce((SELECT timezone FROM users WHERE id = p_user), 'UTC');
BEGIN
  IF p_day IS NULL THEN
    DELETE FROM activity_days WHERE user_id = p_user;
  ELSE
    DELETE FROM activity_days WHERE user_id = p_user AND day = p_day;
  END IF;
  INSERT INTO activity_days (user_id, day, activity_type, count, distance, moving_time, elapsed_time, elevation_gain, calories, training_load)
  SELECT p_user, (a.start_time AT TIME ZONE tz)::date, a.activity_type, count(*), coalesce(sum(a.distance), 0), coalesce(sum(a.moving_time), 0),
    coalesce(sum(a.total_elapsed_time), 0), coalesce(sum(a.elevation_gain), 0), coalesce(sum(a.calories), 0), coalesce(sum(a.training_load), 0)
  FROM activities a
  WHERE a.user_id = p_user AND NOT a.is_hidden
    AND (p_day IS NULL OR (a.start_time >= (p_day::timestamp AT TIME ZONE tz) AND a.start_time < ((p_day + 1)::timestamp AT TIME ZONE tz)))
  GROUP BY 2, 3;
END $$;
--> statement-breakpoint
-- The days a statement touched, summed again once each, in two statements however many activities
-- it wrote: the row trigger of migration 0019 summed a day again per activity row, so a load
-- recompute of 1,000 activities held the embedded engine for 1,000 refreshes (~10× the UPDATE).
-- p_users and p_days are the touched (user, local day) pairs, side by side.
CREATE FUNCTION activity_days_refresh_many(p_users integer[], p_days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM activity_days d USING unnest(p_users, p_days) AS t(user_id, day) WHERE d.user_id = t.user_id AND d.day = t.day;
  INSERT INTO activity_days (user_id, day, activity_type, count, distance, moving_time, elapsed_time, elevation_gain, calories, training_load)
  SELECT t.user_id, t.day, a.activity_type, count(*), coalesce(sum(a.distance), 0), coalesce(sum(a.moving_time), 0),
    coalesce(sum(a.total_elapsed_time), 0), coalesce(sum(a.elevation_gain), 0), coalesce(sum(a.calories), 0), coalesce(sum(a.training_load), 0)
  FROM unnest(p_users, p_days) AS t(user_id, day)
  JOIN users u ON u.id = t.user_id
  JOIN activities a ON a.user_id = t.user_id AND NOT a.is_hidden
    AND a.start_time >= (t.day::timestamp AT TIME ZONE u.timezone) AND a.start_time < ((t.day + 1)::timestamp AT TIME ZONE u.timezone)
  GROUP BY t.user_id, t.day, a.activity_type;
END $$;
--> statement-breakpoint
-- inserted or deleted rows: their local days (a user being deleted has no row left, and no days)
CREATE FUNCTION activity_days_on_activities() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM activity_days_refresh_many(array_agg(user_id), array_agg(day)) FROM (
    SELECT DISTINCT r.user_id, (r.start_time AT TIME ZONE u.timezone)::date AS day FROM touched_rows r JOIN users u ON u.id = r.user_id) touched;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- updated rows whose figures, type, start, owner or hidden flag changed: the days they left and
-- joined (transition tables allow no column list, so the comparison is here)
CREATE FUNCTION activity_days_on_activities_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM activity_days_refresh_many(array_agg(user_id), array_agg(day)) FROM (
    SELECT DISTINCT c.user_id, (c.start_time AT TIME ZONE u.timezone)::date AS day
    FROM (
      SELECT unnest(array[o.user_id, n.user_id]) AS user_id, unnest(array[o.start_time, n.start_time]) AS start_time
      FROM previous_rows o JOIN changed_rows n ON n.id = o.id
      WHERE (o.user_id, o.start_time, o.activity_type, o.is_hidden, o.distance, o.moving_time, o.total_elapsed_time, o.elevation_gain, o.calories, o.training_load)
        IS DISTINCT FROM (n.user_id, n.start_time, n.activity_type, n.is_hidden, n.distance, n.moving_time, n.total_elapsed_time, n.elevation_gain, n.calories, n.training_load)
    ) c JOIN users u ON u.id = c.user_id) touched;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER activity_days_on_activity ON activities;
--> statement-breakpoint
DROP FUNCTION activity_days_on_activity();
--> statement-breakpoint
CREATE TRIGGER activity_days_on_insert AFTER INSERT ON activities
  REFERENCING NEW TABLE AS touched_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_days_on_activities();
--> statement-breakpoint
CREATE TRIGGER activity_days_on_delete AFTER DELETE ON activities
  REFERENCING OLD TABLE AS touched_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_days_on_activities();
--> statement-breakpoint
CREATE TRIGGER activity_days_on_update AFTER UPDATE ON activities
  REFERENCING NEW TABLE AS changed_rows OLD TABLE AS previous_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_days_on_activities_update();
--> statement-breakpoint
-- A new timezone moves activities to other local days: every day of the user again, and a new
-- version of the user's activities, under which reads kept per version (statistics, calendar,
-- fitness, records by year) are read again.
CREATE OR REPLACE FUNCTION activity_days_on_timezone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM activity_days_refresh(NEW.id, NULL);
  INSERT INTO activity_list_versions AS v (user_id, version) VALUES (NEW.id, 1)
  ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Efforts change without their activity row when the backfill computes them again: a new version
-- of the user's activities too, as for migration 0010's activity triggers.
CREATE TRIGGER activity_efforts_list_version_insert AFTER INSERT ON activity_efforts
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_activity_list_versions();
--> statement-breakpoint
CREATE TRIGGER activity_efforts_list_version_delete AFTER DELETE ON activity_efforts
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_activity_list_versions();
--> statement-breakpoint
CREATE TRIGGER activity_efforts_list_version_update AFTER UPDATE ON activity_efforts
  REFERENCING NEW TABLE AS changed_rows OLD TABLE AS previous_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_activity_list_versions_on_update();
--> statement-breakpoint
SELECT activity_days_refresh(id, NULL) FROM users;
