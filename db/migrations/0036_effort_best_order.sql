ALTER TABLE "activity_efforts" ADD COLUMN "activity_start" timestamp with time zone;--> statement-breakpoint
-- Hand-written (drizzle-kit has no triggers): the activity's start copied onto its efforts by the
-- database, so every writer of efforts (ingestion, backfills, recomputes) and every change of an
-- activity's start keep it right without knowing of it. Curves and records read a measure's efforts
-- best first with ties by the earlier start from one index range (bests-sql.ts).
UPDATE "activity_efforts" e SET "activity_start" = a."start_time" FROM "activities" a WHERE a."id" = e."activity_id";--> statement-breakpoint
CREATE FUNCTION activity_efforts_start_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.activity_start := (SELECT start_time FROM activities WHERE id = NEW.activity_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER activity_efforts_start_on_insert BEFORE INSERT OR UPDATE OF activity_id ON activity_efforts
  FOR EACH ROW EXECUTE FUNCTION activity_efforts_start_on_insert();
--> statement-breakpoint
CREATE FUNCTION activity_efforts_start_on_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE activity_efforts SET activity_start = NEW.start_time WHERE activity_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER activity_efforts_start_on_activity AFTER UPDATE OF start_time ON activities
  FOR EACH ROW WHEN (OLD.start_time IS DISTINCT FROM NEW.start_time) EXECUTE FUNCTION activity_efforts_start_on_activity();
--> statement-breakpoint
CREATE INDEX "activity_efforts_least_first_idx" ON "activity_efforts" USING btree ("user_id","kind","measure","value","activity_start","activity_id") WHERE "activity_efforts"."kind" in ('distance', 'gap');--> statement-breakpoint
CREATE INDEX "activity_efforts_most_first_idx" ON "activity_efforts" USING btree ("user_id","kind","measure","value" DESC NULLS LAST,"activity_start","activity_id") WHERE "activity_efforts"."kind" in ('power', 'hr');
