ALTER TABLE "promos" ADD COLUMN "store_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "slot_cap" integer;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "slot_cap_unit" text DEFAULT 'orders' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "auto_accept_minutes" integer;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "auto_print" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "zones_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "automation_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_store_slot_idx" ON "orders" USING btree ("store_id","scheduled_for");