ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK (locale in ('en', 'de', 'fr', 'es', 'it', 'nl', 'pt'));