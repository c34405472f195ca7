CREATE TABLE "activity_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"activity_type" text NOT NULL,
	"count" integer NOT NULL,
	"distance" double precision NOT NULL,
	"moving_time" double precision NOT NULL,
	"elapsed_time" double precision NOT NULL,
	"elevation_gain" double precision NOT NULL,
	"calories" double precision NOT NULL,
	CONSTRAINT "activity_days_user_id_day_activity_type_pk" PRIMARY KEY("user_id","day","activity_type")
);
--> statement-breakpoint
ALTER TABLE "activity_days" ADD CONSTRAINT "activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_user_distance_idx" ON "activities" USING btree ("user_id","distance");--> statement-breakpoint
CREATE INDEX "activities_user_moving_time_idx" ON "activities" USING btree ("user_id","moving_time");--> statement-breakpoint
CREATE INDEX "activities_user_elevation_gain_idx" ON "activities" USING btree ("user_id","elevation_gain");
--> statement-breakpoint
-- Hand-written (drizzle-kit has no triggers): activity_days kept by the database, so every writer of
-- activities (upload, import, sync, edit, delete, user deletion) and a timezone change keep it right.
-- activity_days_refresh sums a user's visible activities of one local day again (p_day null: of
-- every day), replacing what was there.
CREATE FUNCTION activity_days_refresh(p_user integer, p_day date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := coalesce((SELECT timezone FROM users WHERE id = p_user), 'UTC');
BEGIN
  IF p_day IS NULL THEN
    DELETE FROM activity_days WHERE user_id = p_user;
  ELSE
    DELETE FROM activity_days WHERE user_id = p_user AND day = p_day;
  END IF;
  INSERT INTO activity_days (user_id, day, activity_type, count, distance, moving_time, elapsed_time, elevation_gain, calories)
  SELECT p_user, (a.start_time AT TIME ZONE tz)::date, a.activity_type, count(*), coalesce(sum(a.distance), 0), coalesce(sum(a.moving_time), 0),
    coalesce(sum(a.total_elapsed_time), 0), coalesce(sum(a.elevation_gain), 0), coalesce(sum(a.calories), 0)
  FROM activities a
  WHERE a.user_id = p_user AND NOT a.is_hidden
    AND (p_day IS NULL OR (a.start_time >= (p_day::timestamp AT TIME ZONE tz) AND a.start_time < ((p_day + 1)::timestamp AT TIME ZONE tz)))
  GROUP BY 2, 3;
END $$;
--> statement-breakpoint
-- the local days an activity row left and joined
CREATE FUNCTION activity_days_on_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM activity_days_refresh(OLD.user_id, (OLD.start_time AT TIME ZONE coalesce((SELECT timezone FROM users WHERE id = OLD.user_id), 'UTC'))::date);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM activity_days_refresh(NEW.user_id, (NEW.start_time AT TIME ZONE coalesce((SELECT timezone FROM users WHERE id = NEW.user_id), 'UTC'))::date);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER activity_days_on_activity AFTER INSERT OR DELETE
  OR UPDATE OF user_id, start_time, activity_type, is_hidden, distance, moving_time, total_elapsed_time, elevation_gain, calories
  ON activities FOR EACH ROW EXECUTE FUNCTION activity_days_on_activity();
--> statement-breakpoint
-- a new timezone moves activities to other local days: every day of the user again
CREATE FUNCTION activity_days_on_timezone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM activity_days_refresh(NEW.id, NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER activity_days_on_timezone AFTER UPDATE OF timezone ON users
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION activity_days_on_timezone();
--> statement-breakpoint
SELECT activity_days_refresh(id, NULL) FROM users;
