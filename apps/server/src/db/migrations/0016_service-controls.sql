ALTER TABLE "menu_items" ADD COLUMN "sold_out_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "pause" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "special_days" jsonb DEFAULT '[]'::jsonb NOT NULL;