ALTER TABLE "staff_codes" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "otp_challenges_recent_idx" ON "otp_challenges" USING btree ("tenant_id","created_at");