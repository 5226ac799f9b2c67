CREATE TABLE "booking_slots" (
	"tenant_id" uuid NOT NULL,
	"date" text NOT NULL,
	"time" text NOT NULL,
	"covers" integer NOT NULL,
	"capacity" integer NOT NULL,
	CONSTRAINT "booking_slots_tenant_id_date_time_pk" PRIMARY KEY("tenant_id","date","time"),
	CONSTRAINT "booking_slots_capacity_check" CHECK ("booking_slots"."covers" between 0 and "booking_slots"."capacity")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"date" text NOT NULL,
	"time" text NOT NULL,
	"people" text NOT NULL,
	"covers" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"message" text NOT NULL,
	"status" text NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"idempotency_key" text,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "bookings_cancel_token_hash_unique" UNIQUE("cancel_token_hash")
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "booking" jsonb;--> statement-breakpoint
ALTER TABLE "booking_slots" ADD CONSTRAINT "booking_slots_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_tenant_date_idx" ON "bookings" USING btree ("tenant_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_tenant_idempotency_idx" ON "bookings" USING btree ("tenant_id","idempotency_key");