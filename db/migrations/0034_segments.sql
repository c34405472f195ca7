CREATE TABLE "segment_efforts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "segment_efforts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"segment_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"start_index" integer NOT NULL,
	"end_index" integer NOT NULL,
	"start_time" timestamp (3) with time zone NOT NULL,
	"elapsed_time" double precision NOT NULL,
	"moving_time" double precision NOT NULL,
	"average_speed" double precision NOT NULL,
	"average_hr" double precision,
	"average_power" double precision,
	"matcher_version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "segments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"sport" text,
	"polyline" text NOT NULL,
	"distance" double precision NOT NULL,
	"min_lat" double precision NOT NULL,
	"min_lon" double precision NOT NULL,
	"max_lat" double precision NOT NULL,
	"max_lon" double precision NOT NULL,
	"activity_id" integer,
	"matcher_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segments_box_check" CHECK ("segments"."min_lat" <= "segments"."max_lat" and "segments"."min_lon" <= "segments"."max_lon"),
	CONSTRAINT "segments_distance_check" CHECK ("segments"."distance" > 0)
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "segment_efforts" ADD CONSTRAINT "segment_efforts_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_efforts" ADD CONSTRAINT "segment_efforts_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "segment_efforts_segment_elapsed_idx" ON "segment_efforts" USING btree ("segment_id","elapsed_time");--> statement-breakpoint
CREATE INDEX "segment_efforts_activity_idx" ON "segment_efforts" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "segments_user_idx" ON "segments" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('provider_sync', 'archive_import', 'account_export', 'efforts_backfill', 'webhook_delivery', 'strava_push', 'inbox_import', 'route_backfill', 'load_recompute', 'user_files_delete', 'explorer_backfill', 'figures_backfill', 'segment_match'));