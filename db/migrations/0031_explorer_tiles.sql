CREATE TABLE "activity_tiles" (
	"activity_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"version" integer NOT NULL,
	"z14" bigint[] NOT NULL,
	"z17" bigint[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "activity_tiles" ADD CONSTRAINT "activity_tiles_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_tiles" ADD CONSTRAINT "activity_tiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_tiles_user_idx" ON "activity_tiles" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('provider_sync', 'archive_import', 'account_export', 'efforts_backfill', 'webhook_delivery', 'strava_push', 'inbox_import', 'route_backfill', 'load_recompute', 'user_files_delete', 'explorer_backfill'));