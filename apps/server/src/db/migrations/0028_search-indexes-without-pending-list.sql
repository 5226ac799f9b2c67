-- The trigram indexes without a pending list (fastupdate off): a search never scans rows not yet merged into the index (decision 44).
DROP INDEX "customers_name_trgm_idx";--> statement-breakpoint
DROP INDEX "customers_email_trgm_idx";--> statement-breakpoint
DROP INDEX "customers_phone_digits_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_postcode_trgm_idx";--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "customers_phone_digits_trgm_idx" ON "customers" USING gin (regexp_replace(coalesce("phone", ''), '\D', '', 'g') gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_postcode_trgm_idx" ON "orders" USING gin (upper(replace(("address" ->> 'postcode'), ' ', '')) gin_trgm_ops) WITH (fastupdate=false);