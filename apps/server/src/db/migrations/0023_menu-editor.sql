CREATE TABLE "menu_item_stores" (
	"tenant_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"price" integer,
	"sold_out" boolean DEFAULT false NOT NULL,
	"sold_out_until" timestamp with time zone,
	"hidden" boolean DEFAULT false NOT NULL,
	CONSTRAINT "menu_item_stores_item_id_store_id_pk" PRIMARY KEY("item_id","store_id")
);
--> statement-breakpoint
ALTER TABLE "menu_categories" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_item_stores" ADD CONSTRAINT "menu_item_stores_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_stores" ADD CONSTRAINT "menu_item_stores_item_id_menu_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_stores" ADD CONSTRAINT "menu_item_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_item_stores_tenant_idx" ON "menu_item_stores" USING btree ("tenant_id");