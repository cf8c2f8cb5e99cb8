CREATE TABLE "store_webhooks" (
	"agency_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"delivery_id" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"note" text,
	"payload" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "store_webhooks_pkey" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "store_webhooks" ADD CONSTRAINT "store_webhooks_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_webhooks" ADD CONSTRAINT "store_webhooks_store_fk" FOREIGN KEY ("agency_id","store_id") REFERENCES "public"."stores"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_webhooks_delivery_uq" ON "store_webhooks" USING btree ("agency_id","store_id","delivery_id");--> statement-breakpoint
CREATE INDEX "store_webhooks_store_idx" ON "store_webhooks" USING btree ("agency_id","store_id","received_at");