CREATE TABLE "activity_routes" (
	"activity_id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"polyline" text,
	"min_lat" double precision,
	"min_lon" double precision,
	"max_lat" double precision,
	"max_lon" double precision
);
--> statement-breakpoint
CREATE TABLE "privacy_zones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_zones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"radius" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_zones_radius_check" CHECK ("privacy_zones"."radius" between 100 and 5000),
	CONSTRAINT "privacy_zones_position_check" CHECK ("privacy_zones"."lat" between -90 and 90 and "privacy_zones"."lon" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "activity_routes" ADD CONSTRAINT "activity_routes_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_zones" ADD CONSTRAINT "privacy_zones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_zones_user_idx" ON "privacy_zones" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('provider_sync', 'archive_import', 'account_export', 'efforts_backfill', 'webhook_delivery', 'strava_push', 'inbox_import', 'route_backfill'));