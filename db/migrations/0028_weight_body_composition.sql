ALTER TABLE "health_weights" ADD COLUMN "body_fat" double precision;--> statement-breakpoint
ALTER TABLE "health_weights" ADD COLUMN "body_water" double precision;--> statement-breakpoint
ALTER TABLE "health_weights" ADD COLUMN "muscle_mass" double precision;--> statement-breakpoint
ALTER TABLE "health_weights" ADD COLUMN "bone_mass" double precision;--> statement-breakpoint
ALTER TABLE "health_weights" ADD COLUMN "visceral_fat" double precision;