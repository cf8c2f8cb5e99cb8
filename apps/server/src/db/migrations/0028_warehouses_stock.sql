CREATE TABLE "stock_levels" (
	"agency_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"warehouse_product_id" uuid NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"low_alerted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_pkey" PRIMARY KEY("agency_id","id"),
	CONSTRAINT "stock_levels_counts_ck" CHECK ("stock_levels"."reserved" >= 0 and "stock_levels"."reserved" <= "stock_levels"."on_hand")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"agency_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"warehouse_product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"on_hand_delta" integer NOT NULL,
	"reserved_delta" integer NOT NULL,
	"order_id" uuid,
	"order_item_id" uuid,
	"shipment_id" uuid,
	"inbound_shipment_id" uuid,
	"reason" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_pkey" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "warehouse_products" (
	"agency_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"owner_team_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"weight_grams" integer DEFAULT 0 NOT NULL,
	"weight_unit" text DEFAULT 'g' NOT NULL,
	"length_mm" integer,
	"width_mm" integer,
	"height_mm" integer,
	"dimension_unit" text DEFAULT 'cm' NOT NULL,
	"declared_value_cents" integer DEFAULT 0 NOT NULL,
	"hs_code" text,
	"origin_country" text,
	"low_threshold" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_products_pkey" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"agency_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"warehouse_team_id" uuid NOT NULL,
	"address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"fees" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouses_pkey" PRIMARY KEY("agency_id","id")
);
--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_warehouse_fk" FOREIGN KEY ("agency_id","warehouse_id") REFERENCES "public"."warehouses"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_product_fk" FOREIGN KEY ("agency_id","warehouse_product_id") REFERENCES "public"."warehouse_products"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_warehouse_fk" FOREIGN KEY ("agency_id","warehouse_id") REFERENCES "public"."warehouses"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_fk" FOREIGN KEY ("agency_id","warehouse_product_id") REFERENCES "public"."warehouse_products"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_products" ADD CONSTRAINT "warehouse_products_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_products" ADD CONSTRAINT "warehouse_products_owner_fk" FOREIGN KEY ("agency_id","owner_team_id") REFERENCES "public"."seller_teams"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_team_fk" FOREIGN KEY ("agency_id","warehouse_team_id") REFERENCES "public"."seller_teams"("agency_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_levels_place_uq" ON "stock_levels" USING btree ("agency_id","warehouse_id","warehouse_product_id");--> statement-breakpoint
CREATE INDEX "stock_movements_place_idx" ON "stock_movements" USING btree ("agency_id","warehouse_id","warehouse_product_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("agency_id","order_id") WHERE order_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_products_sku_uq" ON "warehouse_products" USING btree ("agency_id","owner_team_id","sku");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_code_uq" ON "warehouses" USING btree ("agency_id","code");