-- Busy mode ends by itself (decision 87): the instant it ends, compared when read. A busy mode
-- set before had no end and is read as off, so its minutes are cleared with it.
ALTER TABLE "stores" ADD COLUMN "busy_until" timestamp with time zone;--> statement-breakpoint
UPDATE "stores" SET "busy_extra_minutes" = 0 WHERE "busy_extra_minutes" <> 0;
