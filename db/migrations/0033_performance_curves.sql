CREATE TABLE "threshold_suggestions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "threshold_suggestions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"activity_id" integer,
	"effective_from" date NOT NULL,
	"ftp" double precision,
	"threshold_pace" double precision,
	"max_hr" double precision,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "threshold_suggestions_status_check" CHECK ("threshold_suggestions"."status" in ('open', 'accepted', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "activity_efforts" DROP CONSTRAINT "activity_efforts_kind_check";--> statement-breakpoint
ALTER TABLE "threshold_suggestions" ADD CONSTRAINT "threshold_suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threshold_suggestions" ADD CONSTRAINT "threshold_suggestions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "threshold_suggestions_user_idx" ON "threshold_suggestions" USING btree ("user_id","status");--> statement-breakpoint
ALTER TABLE "activity_efforts" ADD CONSTRAINT "activity_efforts_kind_check" CHECK ("activity_efforts"."kind" in ('distance', 'power', 'hr', 'gap'));