-- The orders on the desk have an index of their own (decision 90): `off_desk_at` is null while
-- an order is open (placed to out for delivery) and set when it leaves the desk, or when it is
-- made awaiting its payment. Orders written before it get it from their status, their last
-- change standing in for the moment.
ALTER TABLE "orders" ADD COLUMN "off_desk_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "off_desk_at" = "updated_at" WHERE "status" NOT IN ('placed', 'accepted', 'preparing', 'ready', 'out_for_delivery');--> statement-breakpoint
CREATE INDEX "orders_on_desk_idx" ON "orders" USING btree ("tenant_id","created_at","id") WHERE "orders"."off_desk_at" is null;
