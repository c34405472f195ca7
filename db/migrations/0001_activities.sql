CREATE TABLE "gears" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gears_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"brand" text,
	"model" text,
	"nickname" text NOT NULL,
	"nickname_key" text NOT NULL,
	"gear_type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"provider_gear_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gears_gear_type_check" CHECK ("gears"."gear_type" in ('bike', 'shoes', 'wetsuit', 'racquet', 'ski', 'snowboard', 'other'))
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"activity_type" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"timezone" text,
	"distance" double precision,
	"total_elapsed_time" double precision NOT NULL,
	"total_timer_time" double precision,
	"moving_time" double precision,
	"elevation_gain" double precision,
	"elevation_loss" double precision,
	"average_speed" double precision,
	"max_speed" double precision,
	"average_pace" double precision,
	"average_hr" double precision,
	"max_hr" double precision,
	"average_power" double precision,
	"max_power" double precision,
	"normalized_power" double precision,
	"average_cadence" double precision,
	"max_cadence" double precision,
	"calories" double precision,
	"visibility" text DEFAULT 'private' NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"gear_id" integer,
	"device_manufacturer" text,
	"device_model" text,
	"source" text NOT NULL,
	"provider_activity_id" bigint,
	"import" jsonb,
	"dedup_key" text,
	"start_lat" double precision,
	"start_lon" double precision,
	"has_streams" boolean DEFAULT false NOT NULL,
	"original_path" text,
	"original_filename" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_visibility_check" CHECK ("activities"."visibility" in ('public', 'followers', 'private')),
	CONSTRAINT "activities_source_check" CHECK ("activities"."source" in ('upload', 'strava', 'import'))
);
--> statement-breakpoint
CREATE TABLE "activity_hr_zones" (
	"activity_id" integer PRIMARY KEY NOT NULL,
	"max_heart_rate" integer NOT NULL,
	"zones" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_laps" (
	"activity_id" integer NOT NULL,
	"lap_index" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"total_elapsed_time" double precision,
	"total_timer_time" double precision,
	"distance" double precision,
	"average_hr" double precision,
	"max_hr" double precision,
	"average_speed" double precision,
	"max_speed" double precision,
	"average_power" double precision,
	"max_power" double precision,
	"average_cadence" double precision,
	"max_cadence" double precision,
	"ascent" double precision,
	CONSTRAINT "activity_laps_activity_id_lap_index_pk" PRIMARY KEY("activity_id","lap_index")
);
--> statement-breakpoint
CREATE TABLE "activity_streams" (
	"activity_id" integer PRIMARY KEY NOT NULL,
	"time" jsonb NOT NULL,
	"lat" jsonb,
	"lon" jsonb,
	"distance" jsonb,
	"altitude" jsonb,
	"heart_rate" jsonb,
	"cadence" jsonb,
	"power" jsonb,
	"speed" jsonb,
	"temperature" jsonb
);
--> statement-breakpoint
CREATE TABLE "activity_thumbnails" (
	"activity_id" integer PRIMARY KEY NOT NULL,
	"svg" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_weights" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "health_weights_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"weight" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"activity_id" integer,
	"message" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_idempotency" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"sha256" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_idempotency_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "gears" ADD CONSTRAINT "gears_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_gear_id_gears_id_fk" FOREIGN KEY ("gear_id") REFERENCES "public"."gears"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_hr_zones" ADD CONSTRAINT "activity_hr_zones_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_laps" ADD CONSTRAINT "activity_laps_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_streams" ADD CONSTRAINT "activity_streams_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_thumbnails" ADD CONSTRAINT "activity_thumbnails_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_weights" ADD CONSTRAINT "health_weights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_idempotency" ADD CONSTRAINT "upload_idempotency_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gears_user_nickname_key_idx" ON "gears" USING btree ("user_id","nickname_key");--> statement-breakpoint
CREATE INDEX "gears_user_idx" ON "gears" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "activities_user_start_idx" ON "activities" USING btree ("user_id","start_time");--> statement-breakpoint
CREATE INDEX "activities_gear_idx" ON "activities" USING btree ("gear_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activities_user_dedup_idx" ON "activities" USING btree ("user_id","dedup_key");--> statement-breakpoint
CREATE UNIQUE INDEX "health_weights_user_day_idx" ON "health_weights" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");