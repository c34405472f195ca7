ALTER TABLE "activity_streams" ALTER COLUMN "time" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "activity_streams" ALTER COLUMN "lat" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "activity_streams" ALTER COLUMN "lon" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "activity_streams" ALTER COLUMN "distance" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "activity_streams" ALTER COLUMN "altitude" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "activity_streams" ALTER COLUMN "heart_rate" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "activity_streams" ALTER COLUMN "cadence" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "activity_streams" ALTER COLUMN "power" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "activity_streams" ALTER COLUMN "speed" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "activity_streams" ALTER COLUMN "temperature" SET DATA TYPE text;