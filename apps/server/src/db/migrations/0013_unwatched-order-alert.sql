CREATE TABLE "board_presence" (
	"tenant_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "board_presence_tenant_id_store_id_pk" PRIMARY KEY("tenant_id","store_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unwatched_alert_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "board_presence" ADD CONSTRAINT "board_presence_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;