ALTER TABLE "pending_mfa_logins" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "pending_mfa_logins" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "pending_mfa_logins" ADD COLUMN "code_challenge" text;