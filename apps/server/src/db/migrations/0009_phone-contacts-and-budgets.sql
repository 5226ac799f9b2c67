ALTER TABLE "otp_challenges" ADD COLUMN "code_length" smallint DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_failures" ADD COLUMN "network" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_messages_budget_idx" ON "outbox_messages" USING btree ("tenant_id","kind","created_at");
--> statement-breakpoint
-- Phone contacts are kept in E.164 from now on (issue 12: one handset is one contact). The UK
-- forms stored so far are rewritten; a number whose E.164 form is already taken stays as it was.
UPDATE "customers" AS c SET "phone" = '+44' || substring(c."phone" from 2)
WHERE c."phone" ~ '^0[1-9][0-9]{8,9}$'
  AND NOT EXISTS (SELECT 1 FROM "customers" AS o WHERE o."tenant_id" = c."tenant_id" AND o."phone" = '+44' || substring(c."phone" from 2));
--> statement-breakpoint
UPDATE "customers" AS c SET "phone" = '+' || c."phone"
WHERE c."phone" ~ '^44[1-9][0-9]{8,9}$'
  AND NOT EXISTS (SELECT 1 FROM "customers" AS o WHERE o."tenant_id" = c."tenant_id" AND o."phone" = '+' || c."phone");
--> statement-breakpoint
UPDATE "otp_challenges" SET "contact" = '+44' || substring("contact" from 2) WHERE "channel" = 'phone' AND "contact" ~ '^0[1-9][0-9]{8,9}$';
--> statement-breakpoint
UPDATE "otp_challenges" SET "contact" = '+' || "contact" WHERE "channel" = 'phone' AND "contact" ~ '^44[1-9][0-9]{8,9}$';
--> statement-breakpoint
UPDATE "otp_failures" SET "contact" = '+44' || substring("contact" from 2) WHERE "channel" = 'phone' AND "contact" ~ '^0[1-9][0-9]{8,9}$';
--> statement-breakpoint
UPDATE "otp_failures" SET "contact" = '+' || "contact" WHERE "channel" = 'phone' AND "contact" ~ '^44[1-9][0-9]{8,9}$';
