-- An order's moves update it in place: room on its page (fillfactor 70) lets PostgreSQL write the
-- new version beside the old without touching its seven indexes, and the two indexes most orders
-- have nothing for (a code, a delivery postcode) hold only the orders that do (decision 57).
ALTER TABLE "orders" SET (fillfactor = 70);--> statement-breakpoint
DROP INDEX "orders_promo_idx";--> statement-breakpoint
DROP INDEX "orders_postcode_trgm_idx";--> statement-breakpoint
CREATE INDEX "orders_promo_idx" ON "orders" USING btree ("tenant_id","promo_id","customer_id") WHERE "orders"."promo_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_postcode_trgm_idx" ON "orders" USING gin (upper(replace(("address" ->> 'postcode'), ' ', '')) gin_trgm_ops) WITH (fastupdate=false) WHERE upper(replace(("orders"."address" ->> 'postcode'), ' ', '')) is not null;