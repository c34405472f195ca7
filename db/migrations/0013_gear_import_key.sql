ALTER TABLE "gears" ADD COLUMN "import_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "gears_user_import_key_idx" ON "gears" USING btree ("user_id","import_key");