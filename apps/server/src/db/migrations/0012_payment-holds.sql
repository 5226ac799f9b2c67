DROP INDEX "payments_refund_pending_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settle_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_unsettled_idx" ON "payments" USING btree ("order_id") WHERE "payments"."status" in ('capture_pending', 'release_pending', 'refund_pending');