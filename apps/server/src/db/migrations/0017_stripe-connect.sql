ALTER TABLE "payments" ADD COLUMN "stripe_account" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "payments" jsonb;