CREATE TABLE "goals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "goals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"period" text NOT NULL,
	"metric" text NOT NULL,
	"activity_type" text,
	"target" double precision NOT NULL,
	"reached_period" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goals_period_check" CHECK ("goals"."period" in ('week', 'month', 'year')),
	CONSTRAINT "goals_metric_check" CHECK ("goals"."metric" in ('distance', 'moving_time', 'elevation_gain', 'count')),
	CONSTRAINT "goals_target_check" CHECK ("goals"."target" > 0)
);
--> statement-breakpoint
CREATE TABLE "gear_components" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gear_components_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gear_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"installed_at" timestamp with time zone NOT NULL,
	"retired_at" timestamp with time zone,
	"expected_distance" double precision,
	"expected_time" double precision,
	"due_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gear_components_expected_check" CHECK (("gear_components"."expected_distance" is null or "gear_components"."expected_distance" > 0) and ("gear_components"."expected_time" is null or "gear_components"."expected_time" > 0))
);
--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_components" ADD CONSTRAINT "gear_components_gear_id_gears_id_fk" FOREIGN KEY ("gear_id") REFERENCES "public"."gears"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_components" ADD CONSTRAINT "gear_components_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goals_user_idx" ON "goals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "gear_components_gear_idx" ON "gear_components" USING btree ("gear_id");--> statement-breakpoint
CREATE INDEX "gear_components_user_idx" ON "gear_components" USING btree ("user_id");