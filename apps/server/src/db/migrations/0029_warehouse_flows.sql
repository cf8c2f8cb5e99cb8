CREATE TABLE "inbound_lines" (
	"agency_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"inbound_shipment_id" uuid NOT NULL,
	"warehouse_product_id" uuid NOT NULL,
	"declared_quantity" integer NOT NULL,
	"received_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inbound_lines_pkey" PRIMARY KEY("agency_id","id"),
	CONSTRAINT "inbound_lines_counts_ck" CHECK ("inbound_lines"."declared_quantity" > 0 and "inbound_lines"."received_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inbound_shipments" (
	"agency_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"reference" text NOT NULL,
	"owner_team_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"status" text DEFAULT 'declared' NOT NULL,
	"carrier" text DEFAULT '' NOT NULL,
	"tracking_number" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"received_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_shipments_pkey" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "warehouse_fulfilments" (
	"agency_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"owner_team_id" uuid NOT NULL,
	"status" text DEFAULT 'to_pick' NOT NULL,
	"problem" text,
	"shipment_id" uuid,
	"packed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_fulfilments_pkey" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "warehouse_storage_charges" (
	"agency_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"owner_team_id" uuid NOT NULL,
	"month" text NOT NULL,
	"unit_hundredths" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"ledger_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_storage_charges_pkey" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
DROP INDEX "order_items_unmapped_idx";--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "warehouse_product_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "warehouse_product_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD COLUMN "low_threshold" integer;--> statement-breakpoint
ALTER TABLE "inbound_lines" ADD CONSTRAINT "inbound_lines_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_lines" ADD CONSTRAINT "inbound_lines_shipment_fk" FOREIGN KEY ("agency_id","inbound_shipment_id") REFERENCES "public"."inbound_shipments"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_lines" ADD CONSTRAINT "inbound_lines_product_fk" FOREIGN KEY ("agency_id","warehouse_product_id") REFERENCES "public"."warehouse_products"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_shipments" ADD CONSTRAINT "inbound_shipments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_shipments" ADD CONSTRAINT "inbound_shipments_owner_fk" FOREIGN KEY ("agency_id","owner_team_id") REFERENCES "public"."seller_teams"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_shipments" ADD CONSTRAINT "inbound_shipments_warehouse_fk" FOREIGN KEY ("agency_id","warehouse_id") REFERENCES "public"."warehouses"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_fulfilments" ADD CONSTRAINT "warehouse_fulfilments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_fulfilments" ADD CONSTRAINT "warehouse_fulfilments_warehouse_fk" FOREIGN KEY ("agency_id","warehouse_id") REFERENCES "public"."warehouses"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_storage_charges" ADD CONSTRAINT "warehouse_storage_charges_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_storage_charges" ADD CONSTRAINT "warehouse_storage_charges_warehouse_fk" FOREIGN KEY ("agency_id","warehouse_id") REFERENCES "public"."warehouses"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_lines_product_uq" ON "inbound_lines" USING btree ("agency_id","inbound_shipment_id","warehouse_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_shipments_reference_uq" ON "inbound_shipments" USING btree ("agency_id","reference");--> statement-breakpoint
CREATE INDEX "inbound_shipments_owner_idx" ON "inbound_shipments" USING btree ("agency_id","owner_team_id","created_at");--> statement-breakpoint
CREATE INDEX "inbound_shipments_warehouse_idx" ON "inbound_shipments" USING btree ("agency_id","warehouse_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_fulfilments_order_uq" ON "warehouse_fulfilments" USING btree ("agency_id","order_id");--> statement-breakpoint
CREATE INDEX "warehouse_fulfilments_queue_idx" ON "warehouse_fulfilments" USING btree ("agency_id","warehouse_id","status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_storage_charges_month_uq" ON "warehouse_storage_charges" USING btree ("agency_id","warehouse_id","owner_team_id","month");--> statement-breakpoint
CREATE INDEX "product_variants_warehouse_idx" ON "product_variants" USING btree ("agency_id","warehouse_product_id") WHERE warehouse_product_id is not null;--> statement-breakpoint
CREATE INDEX "order_items_unmapped_idx" ON "order_items" USING btree ("order_id") WHERE catalog_variant_id is null and warehouse_product_id is null and status <> 'Cancel';--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_one_source_ck" CHECK (catalog_variant_id is null or warehouse_product_id is null);