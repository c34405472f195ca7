CREATE TABLE "activity_loads" (
	"activity_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"normalized_power" double precision,
	"power_seconds" integer NOT NULL,
	"hr_seconds" jsonb
);
--> statement-breakpoint
CREATE TABLE "daily_loads" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"load" double precision NOT NULL,
	CONSTRAINT "daily_loads_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "training_thresholds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "training_thresholds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"max_hr" double precision,
	"resting_hr" double precision,
	"lthr" double precision,
	"ftp" double precision,
	"threshold_pace" double precision,
	CONSTRAINT "training_thresholds_user_day_key" UNIQUE("user_id","effective_from")
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "trimp" double precision;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "training_load" double precision;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "load_method" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "intensity_factor" double precision;--> statement-breakpoint
ALTER TABLE "activity_loads" ADD CONSTRAINT "activity_loads_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_loads" ADD CONSTRAINT "activity_loads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_loads" ADD CONSTRAINT "daily_loads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_thresholds" ADD CONSTRAINT "training_thresholds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_loads_user_idx" ON "activity_loads" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('provider_sync', 'archive_import', 'account_export', 'efforts_backfill', 'webhook_delivery', 'strava_push', 'inbox_import', 'route_backfill', 'load_recompute'));