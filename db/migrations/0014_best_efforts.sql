CREATE TABLE "activity_effort_versions" (
	"activity_id" integer PRIMARY KEY NOT NULL,
	"algorithm_version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_efforts" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"measure" double precision NOT NULL,
	"value" integer NOT NULL,
	"start_offset" integer,
	CONSTRAINT "activity_efforts_activity_id_kind_measure_pk" PRIMARY KEY("activity_id","kind","measure"),
	CONSTRAINT "activity_efforts_kind_check" CHECK ("activity_efforts"."kind" in ('distance', 'power'))
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "activity_effort_versions" ADD CONSTRAINT "activity_effort_versions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_efforts" ADD CONSTRAINT "activity_efforts_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_efforts" ADD CONSTRAINT "activity_efforts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_efforts_user_measure_idx" ON "activity_efforts" USING btree ("user_id","kind","measure","value");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('provider_sync', 'archive_import', 'account_export', 'efforts_backfill'));