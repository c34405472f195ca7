ALTER TABLE "activities" ADD COLUMN "pool_length" double precision;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "total_strokes" double precision;--> statement-breakpoint
ALTER TABLE "activity_laps" ADD COLUMN "total_strokes" double precision;